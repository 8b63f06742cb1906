import { Icon, type IconProps } from "~/components/icons";
import type { ProjectCategory } from "~/lib/categories";
import { useTranslation } from "~/lib/translations";

type SellingPoint =
	| "handcrafted"
	| "limited"
	| "certificate"
	| "shipping"
	| "studio"
	| "scope"
	| "sources"
	| "smallGroups"
	| "materials"
	| "takeHome";

/**
 * What FORMA promises depends on what is sold (decisions, Round 2): objects and art get the spec's four;
 * clothing is not issued a certificate; a branding service is made for the client and never shipped; a
 * workshop is an afternoon in the studio.
 */
const POINTS_BY_CATEGORY: Record<ProjectCategory, readonly SellingPoint[]> = {
	furniture: ["handcrafted", "limited", "certificate", "shipping"],
	design: ["handcrafted", "limited", "certificate", "shipping"],
	art: ["handcrafted", "limited", "certificate", "shipping"],
	clothing: ["handcrafted", "limited", "shipping"],
	branding: ["studio", "scope", "sources"],
	creative: ["smallGroups", "materials", "takeHome"],
	uncategorized: ["handcrafted", "limited"],
};

/** The promises that hold for a piece of this category, each with a small line icon. */
export function SellingPoints({ category }: { category: ProjectCategory }) {
	const { t } = useTranslation("catalog");
	return (
		<section aria-labelledby="selling-points">
			<h2 id="selling-points" className="sr-only">
				{t("project.sellingPointsTitle")}
			</h2>
			<ul className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
				{POINTS_BY_CATEGORY[category].map((point) => {
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
	/** A pen nib: made by the studio for the client. */
	studio: (props) => (
		<Icon {...props}>
			<path d="m12 3 6 7-6 11-6-11 6-7Z" />
			<path d="M12 10v5" />
			<circle cx="12" cy="16.5" r="1.5" />
		</Icon>
	),
	/** A calendar: agreed scope and dates. */
	scope: (props) => (
		<Icon {...props}>
			<rect x="3.5" y="5" width="17" height="15" rx="1.5" />
			<path d="M3.5 10h17M8 3v4M16 3v4M8 14l2.5 2.5L16 13" />
		</Icon>
	),
	/** A folder: every source file handed over. */
	sources: (props) => (
		<Icon {...props}>
			<path d="M3 7a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1Z" />
			<path d="M9 14h6" />
		</Icon>
	),
	/** Three people: a small group. */
	smallGroups: (props) => (
		<Icon {...props}>
			<circle cx="12" cy="8" r="2.5" />
			<circle cx="5.5" cy="10" r="2" />
			<circle cx="18.5" cy="10" r="2" />
			<path d="M7.5 19a4.5 4.5 0 0 1 9 0M2 18.5a3.5 3.5 0 0 1 5-3M22 18.5a3.5 3.5 0 0 0-5-3" />
		</Icon>
	),
	/** A brush: materials are provided. */
	materials: (props) => (
		<Icon {...props}>
			<path d="M14.5 4.5 19.5 9.5 11 18l-5-5 8.5-8.5Z" />
			<path d="M6 13c-2 1-3 3-3 6 3 0 5-1 6-3" />
		</Icon>
	),
	/** A bag: you take home what you made. */
	takeHome: (props) => (
		<Icon {...props}>
			<path d="M5 8h14l-1 12H6L5 8Z" />
			<path d="M9 8V6a3 3 0 0 1 6 0v2" />
		</Icon>
	),
};
