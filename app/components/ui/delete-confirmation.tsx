import { Form, Link, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { VERSION_FIELD } from "~/lib/edit-conflict";
import { cx } from "~/lib/site";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The one "delete this?" step of the admin lists (and of other changes worth a second look: making someone
 * an administrator). The list's `?delete=<id>` address is the confirm step, so
 * it works without JavaScript: server-rendered it is an open, non-modal dialog in the page; once hydrated
 * it becomes a modal one, and Escape or Cancel goes back to the list. Confirming posts
 * `intent=delete&id=<id>` to the list's action, with the version the thing was shown at (the delete is
 * refused and asked again when it changed since: docs/decisions/0023).
 */
export function DeleteConfirmation({
	name,
	id,
	action,
	title,
	text,
	confirmLabel,
	pendingLabel,
	cancelLabel,
	version,
	intent = "delete",
	fields,
	cancelTo,
	children,
}: {
	/** Prefix of the dialog's element ids, e.g. "delete-slide". */
	name: string;
	id: string | number;
	/** The list's path: the form posts here and Cancel returns here. */
	action: string;
	title: string;
	text: string;
	confirmLabel: string;
	pendingLabel: string;
	cancelLabel: string;
	/** The version the thing was shown at. */
	version?: number;
	/** What the confirmed form asks the action for: "delete" unless another confirmed change (a role). */
	intent?: string;
	/** More hidden fields the confirmed form carries. */
	fields?: Record<string, string>;
	/** Where Cancel goes, when not the bare list (the list's search, sort and page kept). */
	cancelTo?: string;
	/** More to say below the text (what changed since the list was shown). */
	children?: ReactNode;
}) {
	const dialog = useRef<HTMLDialogElement>(null);
	const hydrated = useHydrated();
	const navigation = useNavigation();
	const submitting = navigation.formData?.get("intent") === intent;

	useEffect(() => {
		const element = dialog.current;
		if (!hydrated || !element || element.matches(":modal")) return;
		element.close();
		element.showModal();
	}, [hydrated]);

	return (
		<dialog
			ref={dialog}
			open
			aria-labelledby={`${name}-title`}
			aria-describedby={`${name}-text`}
			onCancel={(event) => {
				event.preventDefault();
				dialog.current?.querySelector<HTMLAnchorElement>("a[data-cancel]")?.click();
			}}
			className={cx(
				"w-[min(32rem,calc(100%-2.5rem))] rounded-xl border border-line bg-card p-6 text-ink shadow-xl backdrop:bg-black/40",
				// Tailwind's preflight zeroes margins, which pins a modal <dialog> to the top-left corner.
				hydrated ? "m-auto" : "static my-6",
			)}
		>
			<h2 id={`${name}-title`} className="font-display text-xl font-semibold">
				{title}
			</h2>
			<p id={`${name}-text`} className="mt-3 text-sm text-muted">
				{text}
			</p>
			{children}
			<Form method="post" action={action} className="mt-6 flex flex-wrap justify-end gap-3">
				<input type="hidden" name="intent" value={intent} />
				<input type="hidden" name="id" value={id} />
				{Object.entries(fields ?? {}).map(([name, value]) => (
					<input key={name} type="hidden" name={name} value={value} />
				))}
				{version === undefined ? null : <input type="hidden" name={VERSION_FIELD} value={version} />}
				<Link
					to={cancelTo ?? action}
					data-cancel
					preventScrollReset
					className="inline-flex h-11 items-center rounded-full border border-line px-5 text-sm font-semibold hover:border-ink"
				>
					{cancelLabel}
				</Link>
				<button
					type="submit"
					disabled={submitting}
					className="h-11 rounded-full bg-accent px-5 text-sm font-semibold text-accent-ink disabled:opacity-60"
				>
					{submitting ? pendingLabel : confirmLabel}
				</button>
			</Form>
		</dialog>
	);
}
