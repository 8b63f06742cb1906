import { pageNamespaces } from "~/lib/i18n";
import { cx } from "~/lib/site";
import type { Toast } from "~/lib/toast";
import { useTranslation } from "~/lib/translations";
import { CloseIcon } from "../icons";
import { KeepHyphenated } from "../keep-hyphenated";

/** One toast (app/components/ui/toaster.tsx shows it). `onClose`: the close button, with JavaScript only. */
export function ToastCard({ toast, onClose }: { toast: Toast; onClose?: () => void }) {
	// A toast may name texts of a namespace this page has not loaded ("account:…" after signing out): it
	// shows once they are here. No suspending: a toast raised by an event is not a transition.
	const { t, ready } = useTranslation(
		pageNamespaces(
			[],
			[toast.title, toast.description ?? "", ...(toast.notes ?? []).map((note) => note.key)],
		),
		{ useSuspense: false },
	);
	if (!ready) return null;
	return (
		<div
			data-testid="toast"
			className={cx(
				"pointer-events-auto flex items-start gap-3 rounded-xl border bg-card px-5 py-4 shadow-xl shadow-black/10",
				toast.type === "error" ? "border-accent" : "border-line",
			)}
		>
			{/* A piece's long name in "Deleted “…”" breaks anywhere rather than run out of the card. */}
			<div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
				<p className="font-semibold">
					<KeepHyphenated text={t(toast.title, toast.values)} />
				</p>
				{toast.description ? (
					<p className="mt-0.5 text-sm text-muted">{t(toast.description, toast.values)}</p>
				) : null}
				{toast.notes?.map((note) => (
					<p key={note.key} className="mt-0.5 text-sm text-muted">
						{t(note.key, note.values)}
					</p>
				))}
			</div>
			{onClose ? (
				<button
					type="button"
					className="icon-button -mr-2 -mt-1 size-8"
					aria-label={t("toast.close")}
					onClick={onClose}
				>
					<CloseIcon width={16} height={16} />
				</button>
			) : null}
		</div>
	);
}
