import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "~/lib/site";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
	id: string;
	name: string;
	label: ReactNode;
	/** Translation keys (common namespace) of this field's errors. */
	errors?: string[];
	hint?: ReactNode;
}

/** The one labelled input with its hint and translated error, wired for assistive technology. */
export function Field({ id, name, label, errors, hint, className, ...input }: FieldProps) {
	const { t } = useTranslation();
	const errorId = `${id}-error`;
	const hintId = `${id}-hint`;
	const invalid = Boolean(errors?.length);
	const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
	return (
		<div className={cx("flex flex-col gap-1.5", className)}>
			<label htmlFor={id} className="text-sm font-semibold">
				{label}
			</label>
			<input
				id={id}
				name={name}
				aria-invalid={invalid || undefined}
				aria-describedby={describedBy}
				className={cx(
					"h-12 rounded-lg border bg-card px-4 text-base transition-colors outline-none focus-visible:border-ink",
					invalid ? "border-accent" : "border-line",
				)}
				{...input}
			/>
			{hint ? (
				<p id={hintId} className="text-xs text-muted">
					{hint}
				</p>
			) : null}
			{invalid ? (
				<p id={errorId} className="text-sm font-medium text-accent" role="alert">
					{errors?.map((error) => t(error)).join(" ")}
				</p>
			) : null}
		</div>
	);
}

/** A form-level message (e.g. "Wrong username or password"), announced when it appears. */
export function FormAlert({ title, messages }: { title?: string; messages?: string[] }) {
	if (!messages?.length) return null;
	return (
		<div role="alert" className="rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm">
			{title ? <p className="font-semibold">{title}</p> : null}
			{messages.map((message) => (
				<p key={message}>{message}</p>
			))}
		</div>
	);
}

type InputType = Parameters<typeof getInputProps>[1]["type"];

/** Conform's props for a field, shaped for <Field> (id, name, constraints, default value, errors). */
export function fieldProps<Schema>(meta: FieldMetadata<Schema>, type: InputType) {
	const { key: _key, ...props } = getInputProps(meta, { type, ariaAttributes: false });
	return { ...props, id: meta.id, name: meta.name, errors: meta.errors };
}
