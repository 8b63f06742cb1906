import { useTranslation } from "react-i18next";
import { Icon, type IconProps } from "~/components/icons";

const SELLING_POINTS = ["handcrafted", "limited", "certificate", "shipping"] as const;
type SellingPoint = (typeof SELLING_POINTS)[number];

/** The four promises every FORMA piece comes with (spec: project detail), each with a small line icon. */
export function SellingPoints() {
	const { t } = useTranslation("catalog");
	return (
		<section aria-labelledby="selling-points">
			<h2 id="selling-points" className="sr-only">
				{t("project.sellingPointsTitle")}
			</h2>
			<ul className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
				{SELLING_POINTS.map((point) => {
					const PointIcon = ICONS[point];
					return (
						<li key={point} className="flex items-center gap-3 text-sm font-medium">
							<span className="grid size-10 shrink-0 place-items-center rounded-full border border-line text-accent">
								<PointIcon />
							</span>
							{t(`project.sellingPoints.${point}`)}
						</li>
					);
				})}
			</ul>
		</section>
	);
}

const ICONS: Record<SellingPoint, (props: IconProps) => JSX.Element> = {
	/** A hand, palm up. */
	handcrafted: (props) => (
		<Icon {...props}>
			<path d="M7 11V5.5a1.5 1.5 0 0 1 3 0V10M10 10V4a1.5 1.5 0 0 1 3 0v6M13 10V5a1.5 1.5 0 0 1 3 0v6" />
			<path d="M16 11V8a1.5 1.5 0 0 1 3 0v5.5A7.5 7.5 0 0 1 11.5 21h-.6a6 6 0 0 1-4.6-2.2L3.6 15.5a1.6 1.6 0 0 1 2.3-2.2L7 14.4V11" />
		</Icon>
	),
	/** A numbered edition: "1/12" on a small tag. */
	limited: (props) => (
		<Icon {...props}>
			<path d="M3 12.6V4a1 1 0 0 1 1-1h8.6a1 1 0 0 1 .7.3l7.4 7.4a1 1 0 0 1 0 1.4l-8.6 8.6a1 1 0 0 1-1.4 0l-7.4-7.4a1 1 0 0 1-.3-.7Z" />
			<circle cx="7.5" cy="7.5" r="1.5" />
			<path d="m11 15 4-4" />
		</Icon>
	),
	/** A certificate with a seal. */
	certificate: (props) => (
		<Icon {...props}>
			<path d="M14 19H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h14a1 1 0 0 1 1 1v6" />
			<path d="M8 8h8M8 12h4" />
			<circle cx="18" cy="15" r="2.5" />
			<path d="m16.6 17.2-.6 3.8 2-1 2 1-.6-3.8" />
		</Icon>
	),
	/** A parcel on the move. */
	shipping: (props) => (
		<Icon {...props}>
			<path d="M2 7h11v9H2zM13 10h4.5l3.5 3.5V16h-8" />
			<circle cx="6" cy="18" r="2" />
			<circle cx="17" cy="18" r="2" />
		</Icon>
	),
};
