import { Link } from "@remix-run/react";
import type { ProjectSummary } from "~/lib/project-summary";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { useImageStatus } from "~/lib/use-image-status";
import { AvailabilityMark } from "./catalog/availability-mark";
import { FavouriteButton } from "./favourite-button";
import { ExternalIcon } from "./icons";
import { Price } from "./price";
import { ResponsiveImage } from "./responsive-image";
import { ImageSpinner } from "./ui/image-spinner";

const GRID_SIZES = "(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 92vw";

/**
 * Where a card leads. Category pages follow the product's link rule (decision 0028) (http… opens a new tab, /… navigates there, no
 * link opens the project page); Shop, Favourites and My orders always open the piece's own page.
 */
export function projectHref(
	project: Pick<ProjectSummary, "id" | "link">,
	opens: CardOpens = "spec-link",
): {
	href: string;
	external: boolean;
} {
	if (opens === "project") return { href: `/project/${encodeURIComponent(project.id)}`, external: false };
	if (project.link?.startsWith("http")) return { href: project.link, external: true };
	if (project.link?.startsWith("/")) return { href: project.link, external: false };
	return { href: `/project/${encodeURIComponent(project.id)}`, external: false };
}

export type CardOpens = "spec-link" | "project";

interface ProjectCardProps {
	project: ProjectSummary;
	/** "project": always the piece's own page; "spec-link" (default): the spec's link rule. */
	opens?: CardOpens;
	/** Heading level of the project name in this page's outline. */
	headingLevel?: 2 | 3;
	showPrice?: boolean;
	/** The first card of a page that opens with the grid may be its LCP image. */
	priority?: boolean;
	sizes?: string;
}

/** A project in a grid: a real link (keyboard, middle-click, no JavaScript needed). */
export function ProjectCard({
	project,
	headingLevel = 2,
	showPrice = false,
	priority = false,
	sizes = GRID_SIZES,
	opens = "spec-link",
}: ProjectCardProps) {
	const { t } = useTranslation();
	const { href, external } = projectHref(project, opens);
	const Heading = headingLevel === 2 ? "h2" : "h3";
	const content = (
		<>
			<div className="relative">
				<CardImage project={project} priority={priority} sizes={sizes} />
				<AvailabilityMark availability={project.availability} className="absolute top-3 left-3 shadow-sm" />
			</div>
			<div className="mt-4 flex items-start justify-between gap-3">
				<div className="min-w-0">
					{/* A long name takes two lines at most and breaks anywhere rather than running into the next
					    card (issue #35); the link's name is still the whole of it. */}
					<Heading className="line-clamp-2 font-display text-lg leading-snug font-medium tracking-[-0.01em] [overflow-wrap:anywhere]">
						{project.name}
					</Heading>
					<p className="mt-0.5 line-clamp-2 text-sm text-muted [overflow-wrap:anywhere]">
						{project.designer}
					</p>
				</div>
				{external ? (
					<span className="mt-1 shrink-0 text-muted" title={t("card.external")}>
						<ExternalIcon width={18} height={18} />
						<span className="sr-only">
							{t("card.external")}, {t("card.opensInNewTab")}
						</span>
					</span>
				) : null}
			</div>
			{project.description ? (
				<p className="mt-2 line-clamp-2 text-sm text-ink/80">{project.description}</p>
			) : null}
			{showPrice ? (
				<p className="mt-2 text-sm font-semibold">
					<Price value={project.price} />
				</p>
			) : null}
		</>
	);
	const className = "group block rounded-xl";
	return (
		<article className="relative" data-testid="project-card">
			{external ? (
				<a href={href} target="_blank" rel="noopener noreferrer" className={className}>
					{content}
				</a>
			) : (
				<Link to={href} prefetch="intent" className={className}>
					{content}
				</Link>
			)}
			<FavouriteButton projectId={project.id} projectName={project.name} className="absolute top-3 right-3" />
		</article>
	);
}

/**
 * The card's picture: a spinner shows underneath until the image has loaded; a missing image shows the
 * default picture with "No image", and a broken one the same placeholder.
 */
function CardImage({
	project,
	priority,
	sizes,
}: {
	project: ProjectSummary;
	priority: boolean;
	sizes: string;
}) {
	const { t } = useTranslation();
	const { status, imageProps } = useImageStatus();
	const frame = "relative aspect-[4/3] overflow-hidden rounded-xl bg-card";
	if (!project.image || status === "broken") {
		return (
			<div className={cx(frame, "grid place-items-center bg-[url(/placeholder.svg)] bg-cover bg-center")}>
				<span className="rounded-full bg-paper/80 px-3 py-1 text-xs font-medium tracking-wide text-muted">
					{t("card.noImage")}
				</span>
			</div>
		);
	}
	return (
		<div className={frame}>
			{status === "loading" ? <ImageSpinner className="size-6" /> : null}
			<ResponsiveImage
				{...imageProps}
				image={project.image}
				alt={project.name}
				sizes={sizes}
				priority={priority}
				className="relative size-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.03]"
			/>
		</div>
	);
}
