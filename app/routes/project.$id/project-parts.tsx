import { Link } from "@remix-run/react";
import { AvailabilityMark } from "~/components/catalog/availability-mark";
import { Paragraphs } from "~/components/catalog/paragraphs";
import { ProjectFacts, type ProjectFactValues } from "~/components/catalog/project-facts";
import { SellingPoints } from "~/components/catalog/selling-points";
import { ArrowRightIcon, ExternalIcon } from "~/components/icons";
import { Price } from "~/components/price";
import { ProjectCard } from "~/components/project-card";
import type { ProjectSummary } from "~/lib/project-summary";
import { useTranslation } from "~/lib/translations";

/*
 * The parts of a project page whose code loads when the browser is idle after the first view (the server
 * renders them whole, and its HTML works without JavaScript until then): the gallery, the price, the
 * favourite button, what the piece is, more pieces and how buying works. One module, so that they come in one request, and so that
 * the cards' code they share with the catalogue pages stays in one chunk.
 */

export { ProjectGallery } from "~/components/catalog/project-gallery";
export { FavouriteButton } from "~/components/favourite-button";

type OfferedProject = Pick<ProjectSummary, "designer" | "price" | "availability">;

/** Who made it, its price and availability. */
export function ProjectOffer({
	project,
	artist,
}: {
	project: OfferedProject;
	artist: { id: string; name: string } | null;
}) {
	const { t } = useTranslation("catalog");
	return (
		<dl className="mt-8 grid grid-cols-2 gap-6 border-y border-line py-6">
			<div>
				<dt className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">
					{t("project.designer")}
				</dt>
				<dd className="mt-1.5 text-lg font-medium">
					{artist ? (
						<Link
							to={`/artist/${encodeURIComponent(artist.id)}`}
							className="underline decoration-accent/50 decoration-1 underline-offset-4 transition-colors hover:decoration-accent"
						>
							{project.designer}
						</Link>
					) : (
						project.designer
					)}
				</dd>
			</div>
			<div>
				<dt className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">{t("project.price")}</dt>
				<dd className="mt-1.5 flex flex-wrap items-center gap-2 text-lg font-semibold tabular-nums">
					<span data-testid="project-price">
						<Price value={project.price} />
					</span>
					<AvailabilityMark availability={project.availability} />
				</dd>
			</div>
		</dl>
	);
}

type DetailedProject = Pick<ProjectSummary, "description" | "link" | "category">;

/** The piece described: its text, its link, its facts and what FORMA promises for it. */
export function ProjectDetails({ project, facts }: { project: DetailedProject; facts: ProjectFactValues }) {
	const { t } = useTranslation("catalog");
	return (
		<>
			<section aria-labelledby="project-detail" className="mt-12">
				<h2 id="project-detail" className="font-display text-xl font-medium tracking-[-0.01em]">
					{t("project.detailTitle")}
				</h2>
				<div className="mt-4 grid max-w-prose gap-4 leading-relaxed text-ink/85">
					{project.description ? (
						<Paragraphs text={project.description} />
					) : (
						<p>{t("project.noDescription")}</p>
					)}
				</div>
				<ProjectLink link={project.link} />
			</section>
			<ProjectFacts facts={facts} />
			<div className="mt-10">
				<SellingPoints category={project.category} />
			</div>
		</>
	);
}

/** The rows of more pieces (by the same artist, related) and how buying works. */
export function ProjectMore({
	project,
	artist,
	moreFromArtist,
	related,
	salesEmail,
}: {
	project: Pick<ProjectSummary, "id" | "name" | "status" | "availability" | "category">;
	artist: { id: string; name: string } | null;
	moreFromArtist: ProjectSummary[];
	related: ProjectSummary[];
	/** Where questions about the piece go (the settings' sales address). */
	salesEmail: string;
}) {
	const { t } = useTranslation("catalog");
	return (
		<>
			{artist && moreFromArtist.length > 0 ? (
				<MoreProjects
					id="more-from-artist"
					title={t("project.moreFrom", { artist: artist.name })}
					projects={moreFromArtist}
				/>
			) : null}
			{related.length > 0 ? (
				<MoreProjects id="related-projects" title={t("project.related")} projects={related} />
			) : null}
			{showsBuyingSteps(project) ? (
				<PurchaseRequest id={project.id} name={project.name} salesEmail={salesEmail} />
			) : null}
		</>
	);
}

/** The project's link: an outside case study opens in a new tab, a path on this site navigates there. */
function ProjectLink({ link }: { link: string | null }) {
	const { t } = useTranslation("catalog");
	const className =
		"mt-6 inline-flex items-center gap-2 font-semibold underline decoration-accent/50 decoration-1 underline-offset-4 transition-colors hover:decoration-accent";
	if (link?.startsWith("http")) {
		return (
			<a href={link} target="_blank" rel="noopener noreferrer" className={className}>
				{t("project.viewCaseStudy")}
				<ExternalIcon width={16} height={16} aria-hidden="true" />
				<span className="sr-only">({t("project.opensInNewTab")})</span>
			</a>
		);
	}
	if (link?.startsWith("/")) {
		return (
			<Link to={link} prefetch="intent" className={className}>
				{t("project.viewMore")}
				<ArrowRightIcon width={16} height={16} aria-hidden="true" />
			</Link>
		);
	}
	return null;
}

/** A row of cards under the piece; each opens that piece's own page. */
function MoreProjects({ id, title, projects }: { id: string; title: string; projects: ProjectSummary[] }) {
	return (
		<section
			aria-labelledby={id}
			className="mx-auto max-w-[1440px] border-t border-line px-5 py-14 md:px-10 md:py-20"
		>
			<h2 id={id} className="font-display text-2xl font-medium tracking-[-0.02em] md:text-4xl">
				{title}
			</h2>
			<ul className="mt-8 grid gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
				{projects.map((project) => (
					<li key={project.id}>
						<ProjectCard
							project={project}
							opens="project"
							headingLevel={3}
							showPrice
							sizes="(min-width: 1024px) 22vw, (min-width: 640px) 45vw, 92vw"
						/>
					</li>
				))}
			</ul>
		</section>
	);
}

/**
 * "How buying works" tells how a piece is paid, packed and shipped: not for a draft, a sold piece, or a
 * service (branding, a workshop), which nobody ships.
 */
function showsBuyingSteps(project: Pick<ProjectSummary, "status" | "availability" | "category">): boolean {
	if (project.status === "draft" || project.availability === "sold") return false;
	return project.category !== "branding" && project.category !== "creative";
}

/**
 * How buying works, one story (issue #35): the request with the button above is step 1; questions about
 * the piece before that go to the one sales address.
 */
function PurchaseRequest({ id, name, salesEmail }: { id: string; name: string; salesEmail: string }) {
	const { t } = useTranslation("catalog");
	const subject = t("project.request.emailSubject", { name, id });
	const steps = ["send", "confirm", "receive"] as const;
	return (
		<section
			id="request"
			aria-labelledby="request-title"
			className="scroll-mt-24 border-t border-line bg-card/70"
		>
			<div className="mx-auto grid max-w-[1440px] gap-10 px-5 py-16 md:px-10 md:py-24 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16">
				<div>
					<h2 id="request-title" className="font-display text-3xl font-medium tracking-[-0.03em] md:text-5xl">
						{t("project.request.title")}
					</h2>
					<p className="mt-5 max-w-md text-muted">{t("project.request.intro", { name })}</p>
				</div>
				<div>
					<ol className="grid gap-6">
						{steps.map((step, index) => (
							<li key={step} className="flex gap-5 border-b border-line pb-6">
								<span className="font-display text-sm font-semibold text-accent tabular-nums">
									{String(index + 1).padStart(2, "0")}
								</span>
								<p className="leading-relaxed">{t(`project.request.steps.${step}`, { name, id })}</p>
							</li>
						))}
					</ol>
					<p className="mt-6 max-w-prose text-sm leading-relaxed text-muted">
						{t("project.request.contactText", { email: salesEmail })}
					</p>
					<div className="mt-8 flex flex-wrap gap-3">
						<Link to="/contact" className="button-primary">
							{t("project.request.contactLink")}
							<ArrowRightIcon width={18} height={18} />
						</Link>
						<a
							href={`mailto:${salesEmail}?subject=${encodeURIComponent(subject)}`}
							className="inline-flex min-h-12 items-center rounded-full border border-line px-7 font-semibold transition-colors hover:border-ink"
						>
							{t("project.request.emailLink")}
						</a>
					</div>
				</div>
			</div>
		</section>
	);
}
