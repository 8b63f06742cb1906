import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { ACCEPTED_IMAGE_TYPES } from "~/lib/upload-limits";

/**
 * The one form-field kit. Every field is a visible <label> tied to its control, an optional hint and its
 * translated errors, both linked through aria-describedby (error first), with aria-invalid while wrong.
 * Conform's field metadata gives the id, name, default value and constraints; error messages are i18n keys
 * (common namespace, or "ns:key"), except FileField's, which arrive translated (they carry names and sizes).
 */

type InputType = Parameters<typeof getInputProps>[1]["type"];
// biome-ignore lint/suspicious/noExplicitAny: any field of any form; the components only read id, name, errors
type AnyField = FieldMetadata<any, any, string[]>;

const labelClass = "text-sm font-semibold";
const controlClass =
	"rounded-lg border bg-card px-4 text-base transition-colors outline-none focus-visible:border-ink";

function describedBy(...ids: Array<string | null>): string | undefined {
	return ids.filter(Boolean).join(" ") || undefined;
}

/** A field's errors, translated, or undefined when it has none. */
function useErrorMessages(errors: string[] | undefined): string[] | undefined {
	const { t } = useTranslation();
	return errors?.length ? errors.map((error) => t(error)) : undefined;
}

/** The translated errors of one field (or of the form), announced when they appear. */
export function ErrorList({ id, messages }: { id: string; messages?: string[] }) {
	if (!messages?.length) return null;
	return (
		<p id={id} className="text-sm font-medium text-accent" role="alert">
			{messages.join(" ")}
		</p>
	);
}

function Hint({ id, children }: { id: string; children?: ReactNode }) {
	if (!children) return null;
	return (
		<p id={id} className="text-xs text-muted">
			{children}
		</p>
	);
}

/** What a control needs from the frame around it: its aria wiring and the border that says it is wrong. */
interface ControlState {
	"aria-invalid": true | undefined;
	"aria-describedby": string | undefined;
	border: string;
}

/** The frame Field, TextareaField and SelectField share: the label, the control, its hint and its errors. */
function FieldFrame({
	meta,
	label,
	hint,
	className,
	children,
}: {
	meta: AnyField;
	label: ReactNode;
	hint?: ReactNode;
	className?: string;
	children: (state: ControlState) => ReactNode;
}) {
	const errors = useErrorMessages(meta.errors);
	const errorId = `${meta.id}-error`;
	const hintId = `${meta.id}-hint`;
	return (
		<div className={cx("flex flex-col gap-1.5", className)}>
			<label htmlFor={meta.id} className={labelClass}>
				{label}
			</label>
			{children({
				"aria-invalid": errors ? true : undefined,
				"aria-describedby": describedBy(errors ? errorId : null, hint ? hintId : null),
				border: errors ? "border-accent" : "border-line",
			})}
			<Hint id={hintId}>{hint}</Hint>
			<ErrorList id={errorId} messages={errors} />
		</div>
	);
}

interface FieldProps
	extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type" | "defaultValue"> {
	meta: AnyField;
	type: InputType;
	label: ReactNode;
	hint?: ReactNode;
}

/** A labelled text-like input (text, email, tel, password, number, …). */
export function Field({ meta, type, label, hint, className, ...input }: FieldProps) {
	const { key: _key, ...conform } = getInputProps(meta, { type, ariaAttributes: false });
	return (
		<FieldFrame meta={meta} label={label} hint={hint} className={className}>
			{({ border, ...aria }) => (
				<input {...aria} className={cx(controlClass, "h-12", border)} {...conform} {...input} />
			)}
		</FieldFrame>
	);
}

interface TextareaFieldProps
	extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "defaultValue"> {
	meta: AnyField;
	label: ReactNode;
	hint?: ReactNode;
}

export function TextareaField({ meta, label, hint, className, ...textarea }: TextareaFieldProps) {
	const { key: _key, ...conform } = getTextareaProps(meta, { ariaAttributes: false });
	return (
		<FieldFrame meta={meta} label={label} hint={hint} className={className}>
			{({ border, ...aria }) => (
				<textarea {...aria} className={cx(controlClass, "py-3", border)} {...conform} {...textarea} />
			)}
		</FieldFrame>
	);
}

interface SelectFieldProps
	extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "defaultValue"> {
	meta: AnyField;
	label: ReactNode;
	hint?: ReactNode;
	children: ReactNode;
}

export function SelectField({ meta, label, hint, className, children, ...select }: SelectFieldProps) {
	const { key: _key, ...conform } = getSelectProps(meta, { ariaAttributes: false });
	return (
		<FieldFrame meta={meta} label={label} hint={hint} className={className}>
			{({ border, ...aria }) => (
				<select {...aria} className={cx(controlClass, "h-12", border)} {...conform} {...select}>
					{children}
				</select>
			)}
		</FieldFrame>
	);
}

interface CheckboxFieldProps
	extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type" | "defaultChecked"> {
	meta: AnyField;
	label: ReactNode;
	hint?: ReactNode;
}

/**
 * A real checkbox (so it posts without JavaScript and screen readers call it a checkbox) with its label
 * beside it. Unchecked boxes post nothing: the server reads a missing value as "off".
 */
export function CheckboxField({ meta, label, hint, className, ...input }: CheckboxFieldProps) {
	const { key: _key, ...conform } = getInputProps(meta, { type: "checkbox", ariaAttributes: false });
	const hintId = `${meta.id}-hint`;
	return (
		<div className={cx("flex items-start gap-3", className)}>
			<input
				aria-describedby={hint ? hintId : undefined}
				className="mt-0.5 size-5 shrink-0 accent-[var(--color-ink)]"
				{...conform}
				{...input}
			/>
			<div className="flex flex-col gap-0.5">
				<label htmlFor={meta.id} className={labelClass}>
					{label}
				</label>
				<Hint id={hintId}>{hint}</Hint>
			</div>
		</div>
	);
}

interface FileFieldProps
	extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type" | "accept"> {
	id: string;
	name: string;
	label: ReactNode;
	/** Inside a fieldset whose legend already says what the file is for. */
	labelHidden?: boolean;
	hint: ReactNode;
	/** Already translated. */
	errors?: string[];
	/** Shown between the label and the input, e.g. the current image. */
	preview?: ReactNode;
}

/** An image file input: the accepted types come from the upload limits the server enforces. */
export function FileField({ id, name, label, labelHidden, hint, errors, preview, ...input }: FileFieldProps) {
	const invalid = Boolean(errors?.length);
	const errorId = `${id}-error`;
	const hintId = `${id}-hint`;
	return (
		<div className="flex flex-col gap-1.5">
			<label htmlFor={id} className={labelHidden ? "sr-only" : labelClass}>
				{label}
			</label>
			{preview}
			<input
				id={id}
				name={name}
				type="file"
				accept={ACCEPTED_IMAGE_TYPES}
				aria-invalid={invalid || undefined}
				aria-describedby={describedBy(invalid ? errorId : null, hintId)}
				className={cx(
					"rounded-lg border bg-card p-3 text-sm file:mr-4 file:rounded-full file:border-0 file:bg-ink file:px-4 file:py-2 file:font-semibold file:text-paper",
					invalid ? "border-accent" : "border-line",
				)}
				{...input}
			/>
			<Hint id={hintId}>{hint}</Hint>
			<ErrorList id={errorId} messages={invalid ? errors : undefined} />
		</div>
	);
}
