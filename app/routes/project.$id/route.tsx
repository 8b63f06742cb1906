import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BuyButton } from "~/components/buy-button";
import type { GalleryImage } from "~/components/catalog/project-gallery";
import { ShareLinks } from "~/components/catalog/share-links";
import { ArrowLeftIcon } from "~/components/icons";
import { categoryPagePath, type ProjectAvailability } from "~/lib/categories";
import { deferred } from "~/lib/deferred";
import { hasPrice } from "~/lib/format";
import type { I18nHandle } from "~/lib/i18n";
import { DEFAULT_PROJECT_IMAGE, imageUrl } from "~/lib/images";
import type { PageCacheHandle } from "~/lib/page-cache-policy";
import { purchaseMode } from "~/lib/purchase-mode";
import { absoluteUrl, rootMetaData, seoMeta } from "~/lib/seo";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { loadProjectPage } from "./project-data.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["catalog"], pageCache: { shared: true } } satisfies I18nHandle &
	PageCacheHandle;

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

/**
 * The gallery's code (carousel, autoplay, keys, lightbox) loads when the browser is idle after the first
 * view: until then the server's gallery works as it does without JavaScript (the first picture, a
 * scroll-snap row, thumbnails as anchors, each picture a link to its full size). On a later page, a frame
 * of the picture's shape holds its place if its code is not here yet.
 */
const ProjectGallery = deferred(() => import("./project-parts").then((module) => module.ProjectGallery), {
	fallback: <div aria-hidden="true" className="aspect-[4/3] w-full rounded-2xl bg-card" />,
});

/** Who made it, its price and availability. */
const ProjectOffer = deferred(() => import("./project-parts").then((module) => module.ProjectOffer));
/** Until its code is here, the heart is a form that posts (and the page reloads), as without JavaScript. */
const FavouriteButton = deferred(() => import("./project-parts").then((module) => module.FavouriteButton));
/**
 * Below the first screen: the description, facts and promises, more pieces and how buying works. Text,
 * links and cards; their code loads when the visitor scrolls near them (decision 0018).
 */
const ProjectDetails = deferred(() => import("./project-parts").then((module) => module.ProjectDetails), {
	nearIds: ["project-detail"],
});
const ProjectMore = deferred(() => import("./project-parts").then((module) => module.ProjectMore), {
	nearIds: ["more-from-artist", "related-projects", "request"],
});

export default function ProjectPage() {
	const { project, gallery, artist, facts, moreFromArtist, related, salesEmail, shareUrl } =
		useLoaderData<typeof loader>();
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
						<h1
							className={cx(
								"mt-3 font-display leading-[1.05] font-semibold tracking-[-0.035em] break-words",
								nameSize(project.name),
							)}
						>
							{project.name}
						</h1>
						<ProjectOffer project={project} artist={artist} />
						{draft ? null : (
							<div className="mt-8 flex items-center gap-3">
								{/* Buy is the page's main action: its code comes with the page. */}
								<BuyButton projectId={project.id} projectName={project.name} mode={purchaseMode(project)} />
								<FavouriteButton projectId={project.id} projectName={project.name} className="shrink-0" />
							</div>
						)}
						{draft ? null : <ShareLinks url={shareUrl} name={project.name} />}
						<ProjectDetails project={project} facts={facts} />
					</div>
				</div>
			</div>
			<ProjectMore
				project={project}
				artist={artist}
				moreFromArtist={moreFromArtist}
				related={related}
				salesEmail={salesEmail}
			/>
		</article>
	);
}

function pictureUrl(picture: GalleryImage): string {
	return picture.image ? imageUrl(picture.image.key) : DEFAULT_PROJECT_IMAGE;
}

/**
 * The name's size: a name with a long word is set smaller, so the word fits the column whole (or breaks at
 * a hyphen, by the page's language) instead of breaking mid-word (issue #35). Beside the gallery (lg) the
 * column is narrower than on a tablet, so the size steps down there.
 */
function nameSize(name: string): string {
	const longestWord = Math.max(0, ...name.split(/\s+/).map((word) => Array.from(word).length));
	return longestWord > 10
		? "text-3xl md:text-5xl lg:text-4xl xl:text-5xl"
		: "text-4xl md:text-6xl lg:text-5xl xl:text-6xl";
}
