import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BuyButton } from "~/components/buy-button";
import { AvailabilityMark } from "~/components/catalog/availability-mark";
import { Paragraphs } from "~/components/catalog/paragraphs";
import { ProjectFacts } from "~/components/catalog/project-facts";
import { type GalleryImage, ProjectGallery } from "~/components/catalog/project-gallery";
import { SellingPoints } from "~/components/catalog/selling-points";
import { FavouriteButton } from "~/components/favourite-button";
import { ArrowLeftIcon, ArrowRightIcon, ExternalIcon } from "~/components/icons";
import { Price } from "~/components/price";
import { ProjectCard } from "~/components/project-card";
import { categoryPagePath, type ProjectAvailability } from "~/lib/categories";
import { hasPrice } from "~/lib/format";
import type { I18nHandle } from "~/lib/i18n";
import { DEFAULT_PROJECT_IMAGE, imageUrl } from "~/lib/images";
import type { ProjectSummary } from "~/lib/project-summary";
import { purchaseMode } from "~/lib/purchase-mode";
import { absoluteUrl, rootMetaData, seoMeta } from "~/lib/seo";
import { CONTACT_EMAIL } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { loadProjectPage } from "./project-data.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["catalog"] } satisfies I18nHandle;

const SCHEMA_AVAILABILITY: Record<ProjectAvailability, string> = {
	available: "https://schema.org/InStock",
	reserved: "https://schema.org/LimitedAvailability",
	sold: "https://schema.org/SoldOut",
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	if (!data) return [];
	const { language, origin } = rootMetaData(matches);
	const { project, facts } = data;
	const path = `/project/${encodeURIComponent(project.id)}`;
	const images = data.gallery.map((picture) => absoluteUrl(origin, pictureUrl(picture)));
	const tags = seoMeta({
		...data.meta,
		path,
		origin,
		language,
		image: images[0],
		type: "product",
		jsonLd: {
			"@context": "https://schema.org",
			"@type": "Product",
			name: project.name,
			description: project.description || data.meta.description,
			image: images,
			sku: project.id,
			category: project.category,
			brand: { "@type": "Brand", name: project.designer },
			manufacturer: { "@type": "Organization", name: project.designer },
			// The stored dimensions do not say which number is the width, depth or height, so they go
			// out as the text people read rather than guessed axes.
			...(facts.dimensions ? { size: `${facts.dimensions} cm` } : {}),
			...(facts.materials ? { material: facts.materials } : {}),
			...(facts.year ? { productionDate: String(facts.year) } : {}),
			offers: {
				"@type": "Offer",
				priceCurrency: "RUB",
				// "Price on request": no price is claimed.
				...(hasPrice(project.price) ? { price: project.price } : {}),
				availability: SCHEMA_AVAILABILITY[project.availability],
				url: absoluteUrl(origin, path),
			},
		},
	});
	// A draft is a preview for administrators: never for search engines.
	return project.status === "draft" ? [...tags, { name: "robots", content: "noindex" }] : tags;
};

export const loader = ({ request, params }: LoaderFunctionArgs) => loadProjectPage(request, params.id ?? "");

export default function ProjectPage() {
	const { project, gallery, artist, facts, moreFromArtist, related } = useLoaderData<typeof loader>();
	const { t } = useTranslation("catalog");
	const categoryName = t(`categories.${project.category}`, { ns: "common" });
	const draft = project.status === "draft";
	return (
		<article>
			{draft ? (
				<p
					role="status"
					className="border-b border-accent bg-accent/15 px-5 py-3 text-center text-sm font-semibold md:px-10"
				>
					{t("project.draftBanner")}
				</p>
			) : null}
			<div className="mx-auto max-w-[1440px] px-5 pt-8 pb-16 md:px-10 md:pt-12 md:pb-24">
				<Link
					to={categoryPagePath(project.category)}
					className="group inline-flex items-center gap-2 text-xs font-semibold tracking-[0.16em] text-muted uppercase transition-colors hover:text-ink"
				>
					<ArrowLeftIcon width={16} height={16} className="transition-transform group-hover:-translate-x-1" />
					{t("project.backTo", { category: categoryName })}
				</Link>
				<div className="mt-6 grid gap-10 lg:mt-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-16">
					<div className="lg:sticky lg:top-28 lg:self-start">
						<ProjectGallery images={gallery} label={project.name} />
					</div>
					<div>
						<p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">{categoryName}</p>
						<h1 className="mt-3 font-display text-4xl leading-[1.05] font-semibold tracking-[-0.035em] break-words md:text-6xl">
							{project.name}
						</h1>
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
								<dt className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">
									{t("project.price")}
								</dt>
								<dd className="mt-1.5 flex flex-wrap items-center gap-2 text-lg font-semibold tabular-nums">
									<span data-testid="project-price">
										<Price value={project.price} />
									</span>
									<AvailabilityMark availability={project.availability} />
								</dd>
							</div>
						</dl>
						{draft ? null : (
							<div className="mt-8 flex items-center gap-3">
								<BuyButton projectId={project.id} projectName={project.name} mode={purchaseMode(project)} />
								<FavouriteButton projectId={project.id} projectName={project.name} className="shrink-0" />
							</div>
						)}
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
					</div>
				</div>
			</div>
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
			{showsBuyingSteps(project) ? <PurchaseRequest id={project.id} name={project.name} /> : null}
		</article>
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

/** How buying works, and how to reach us with questions before sending a request. */
function PurchaseRequest({ id, name }: { id: string; name: string }) {
	const { t } = useTranslation("catalog");
	const subject = t("project.request.emailSubject", { name, id });
	const steps = ["write", "confirm", "receive"] as const;
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
						{t("project.request.contactText")}
					</p>
					<div className="mt-8 flex flex-wrap gap-3">
						<Link to="/contact" className="button-primary">
							{t("project.request.contactLink")}
							<ArrowRightIcon width={18} height={18} />
						</Link>
						<a
							href={`mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}`}
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

function pictureUrl(picture: GalleryImage): string {
	return picture.image ? imageUrl(picture.image.key) : DEFAULT_PROJECT_IMAGE;
}
