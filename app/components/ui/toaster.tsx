import { useEffect, useState } from "react";
import { pageNamespaces } from "~/lib/i18n";
import { cx } from "~/lib/site";
import type { Toast } from "~/lib/toast";
import { useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";
import { CloseIcon } from "../icons";

const DEFAULT_DURATION = 5000;

/**
 * Shows the toast the server handed over (flash cookie) or one raised on the page. With JavaScript it
 * disappears after its duration; without, it stays at the top of the page until the next one.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
	const hydrated = useHydrated();
	const [visible, setVisible] = useState<Toast | null>(toast);
	// A toast may name texts of a namespace this page has not loaded ("account:…" after signing out): it
	// shows once they are here. No suspending: a toast raised by an event is not a transition.
	const { t, ready } = useTranslation(
		pageNamespaces(
			[],
			visible
				? [visible.title, visible.description ?? "", ...(visible.notes ?? []).map((note) => note.key)]
				: [],
		),
		{ useSuspense: false },
	);

	useEffect(() => setVisible(toast), [toast]);
	useEffect(() => {
		const onToast = (event: Event) => setVisible((event as CustomEvent<Toast>).detail);
		window.addEventListener("forma:toast", onToast);
		return () => window.removeEventListener("forma:toast", onToast);
	}, []);
	useEffect(() => {
		if (!visible || !hydrated) return;
		const timer = window.setTimeout(() => setVisible(null), visible.duration ?? DEFAULT_DURATION);
		return () => window.clearTimeout(timer);
	}, [visible, hydrated]);

	return (
		<section
			aria-label={t("toast.notifications")}
			className="pointer-events-none fixed inset-x-0 top-24 z-[70] flex justify-center px-4"
		>
			<div aria-live="polite" role="status" className="w-full max-w-md">
				{visible && ready ? (
					<div
						data-testid="toast"
						className={cx(
							"pointer-events-auto flex items-start gap-3 rounded-xl border bg-card px-5 py-4 shadow-xl shadow-black/10",
							visible.type === "error" ? "border-accent" : "border-line",
						)}
					>
						<div className="min-w-0 flex-1">
							<p className="font-semibold">{t(visible.title, visible.values)}</p>
							{visible.description ? (
								<p className="mt-0.5 text-sm text-muted">{t(visible.description, visible.values)}</p>
							) : null}
							{visible.notes?.map((note) => (
								<p key={note.key} className="mt-0.5 text-sm text-muted">
									{t(note.key, note.values)}
								</p>
							))}
						</div>
						{hydrated ? (
							<button
								type="button"
								className="icon-button -mr-2 -mt-1 size-8"
								aria-label={t("toast.close")}
								onClick={() => setVisible(null)}
							>
								<CloseIcon width={16} height={16} />
							</button>
						) : null}
					</div>
				) : null}
			</div>
		</section>
	);
}

/** Raises a toast from the browser (e.g. after a fetcher succeeded). */
export function showToast(toast: Toast): void {
	window.dispatchEvent(new CustomEvent("forma:toast", { detail: toast }));
}
