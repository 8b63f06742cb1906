import type { ProjectAvailability } from "~/lib/categories";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";

/** "Sold" or "Reserved" as a small pill; nothing for an available piece. */
export function AvailabilityMark({
	availability,
	className,
}: {
	availability: ProjectAvailability;
	className?: string;
}) {
	const { t } = useTranslation();
	if (availability === "available") return null;
	return (
		<span
			data-testid="availability-mark"
			className={cx(
				"inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold tracking-[0.08em] uppercase",
				availability === "sold" ? "bg-ink text-paper" : "border border-accent bg-paper text-ink",
				className,
			)}
		>
			{t(`availability.${availability}`)}
		</span>
	);
}
