import type { InputHTMLAttributes, ReactNode } from "react";
import { cx } from "~/lib/site";

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type"> {
	id: string;
	name: string;
	label: ReactNode;
	hint?: ReactNode;
}

/**
 * A real checkbox (so it posts without JavaScript and screen readers call it a checkbox) with its label
 * beside it and an optional hint. Unchecked boxes post nothing: the server reads a missing value as "off".
 */
export function CheckboxField({ id, name, label, hint, className, ...input }: CheckboxFieldProps) {
	const hintId = `${id}-hint`;
	return (
		<div className={cx("flex items-start gap-3", className)}>
			<input
				id={id}
				name={name}
				type="checkbox"
				aria-describedby={hint ? hintId : undefined}
				className="mt-0.5 size-5 shrink-0 accent-[var(--color-ink)]"
				{...input}
			/>
			<div className="flex flex-col gap-0.5">
				<label htmlFor={id} className="text-sm font-semibold">
					{label}
				</label>
				{hint ? (
					<p id={hintId} className="text-xs text-muted">
						{hint}
					</p>
				) : null}
			</div>
		</div>
	);
}
