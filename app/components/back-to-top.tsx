import { BACK_TO_TOP_THRESHOLD_PX, cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { usePrefersReducedMotion } from "~/lib/use-prefers-reduced-motion";
import { useScrolledPast } from "~/lib/use-scrolled-past";
import { ArrowUpIcon } from "./icons";

export function BackToTop() {
	const { t } = useTranslation();
	const visible = useScrolledPast(BACK_TO_TOP_THRESHOLD_PX);
	const reduceMotion = usePrefersReducedMotion();
	return (
		<button
			type="button"
			aria-label={t("backToTop")}
			title={t("backToTop")}
			tabIndex={visible ? 0 : -1}
			aria-hidden={visible ? undefined : true}
			onClick={() => {
				window.scrollTo({ top: 0, behavior: reduceMotion ? "auto" : "smooth" });
				document.getElementById("main")?.focus({ preventScroll: true });
			}}
			className={cx(
				"fixed right-5 bottom-5 z-40 grid size-12 place-items-center rounded-full bg-ink text-paper shadow-lg transition duration-300 md:right-8 md:bottom-8",
				visible
					? "visible translate-y-0 opacity-100"
					: "pointer-events-none invisible translate-y-4 opacity-0",
			)}
		>
			<ArrowUpIcon />
		</button>
	);
}
