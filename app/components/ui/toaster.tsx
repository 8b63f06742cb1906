import { lazy, useEffect, useState } from "react";
import { ReadySuspense } from "~/lib/page-ready";
import type { Toast } from "~/lib/toast";
import { useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";

/** The card's code loads with the first toast; the live region is there from the start. */
const ToastCard = lazy(() => import("./toast-card").then((module) => ({ default: module.ToastCard })));

const DEFAULT_DURATION = 5000;

/**
 * Shows the toast the server handed over (flash cookie) or one raised on the page. With JavaScript it
 * disappears after its duration; without, it stays until the next page. It sits at the bottom of the
 * screen (on a phone above the back-to-top button), never over a page's title (issue #35: at the top it
 * covered the admin lists' and the sign-in page's headings).
 */
export function Toaster({ toast }: { toast: Toast | null }) {
	const { t } = useTranslation();
	const hydrated = useHydrated();
	const [visible, setVisible] = useState<Toast | null>(toast);

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
			className="pointer-events-none fixed inset-x-0 bottom-20 z-[70] flex justify-center px-4 md:bottom-8"
		>
			<div aria-live="polite" role="status" className="w-full max-w-md">
				{visible ? (
					<ReadySuspense fallback={null}>
						<ToastCard toast={visible} onClose={hydrated ? () => setVisible(null) : undefined} />
					</ReadySuspense>
				) : null}
			</div>
		</section>
	);
}
