import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BuyButton } from "~/components/buy-button";
import catalogStyles from "~/components/catalog/catalog.css";
import { type GalleryImage, ProjectGallery } from "~/components/catalog/project-gallery";
import { SellingPoints } from "~/components/catalog/selling-points";
import { FavouriteButton } from "~/components/favourite-button";
import { ArrowLeftIcon, ArrowRightIcon } from "~/components/icons";
import { type ProjectCategory, SITE_CATEGORIES } from "~/lib/categories";
import { formatPrice } from "~/lib/format";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { DEFAULT_PROJECT_IMAGE, imageUrl } from "~/lib/images";
import { absoluteUrl, rootMetaData, seoMeta } from "~/lib/seo";
import { CONTACT_EMAIL } from "~/lib/site";
import { getArtistById } from "~/models/artists.server";
import { getProjectById, listProjectImages, toProjectSummary } from "~/models/projects.server";
import { toStoredImage } from "~/models/stored-image.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	if (!data) return [];
	const { language, origin } = rootMetaData(matches);
	const { project } = data;
	const path = `/project/${encodeURIComponent(project.id)}`;
	const images = data.gallery.map((picture) => absoluteUrl(origin, pictureUrl(picture)));
	return seoMeta({
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
			offers: {
				"@type": "Offer",
				priceCurrency: "RUB",
				price: project.price,
				availability: "https://schema.org/InStock",
				url: absoluteUrl(origin, path),
			},
		},
	});
};

export async function loader({ request, params }: LoaderFunctionArgs) {
	const row = await getProjectById(params.id ?? "");
	if (!row) throw new Response("Not Found", { status: 404 });
	const language = await getLanguage(request);
	const [galleryRows, artist, t] = await Promise.all([
		listProjectImages(row.id),
		row.artist_id ? getArtistById(row.artist_id) : undefined,
		i18nServer.getFixedT(language, "catalog"),
	]);
	const project = toProjectSummary(row, language);
	const gallery: GalleryImage[] = [
		{ image: project.image, alt: project.name },
		...galleryRows.map((row, index) => ({
			image: toStoredImage(row),
			alt: row.alt_text || t("gallery.imageAlt", { name: project.name, index: index + 2 }),
		})),
	];
	return {
		project,
		gallery,
		artist: artist ? { id: artist.id, name: artist.name } : null,
		meta: {
			title: t("project.metaTitle", { name: project.name }),
			description:
				summarize(project.description) ||
				t("project.metaDescription", { name: project.name, designer: project.designer }),
		},
	};
}

export default function ProjectPage() {
	const { project, gallery, artist } = useLoaderData<typeof loader>();
	const { t } = useTranslation("catalog");
	const categoryName = t(`categories.${project.category}`, { ns: "common" });
	return (
		<article>
			<div className="mx-auto max-w-[1440px] px-5 pt-8 pb-16 md:px-10 md:pt-12 md:pb-24">
				<Link
					to={categoryHref(project.category)}
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
								<dd className="mt-1.5 text-lg font-semibold tabular-nums" data-testid="project-price">
									{formatPrice(project.price)}
								</dd>
							</div>
						</dl>
						<div className="mt-8 flex items-center gap-3">
							<BuyButton projectId={project.id} projectName={project.name} />
							<FavouriteButton projectId={project.id} projectName={project.name} className="shrink-0" />
						</div>
						<section aria-labelledby="project-detail" className="mt-12">
							<h2 id="project-detail" className="font-display text-xl font-medium tracking-[-0.01em]">
								{t("project.detailTitle")}
							</h2>
							<p className="mt-4 max-w-prose leading-relaxed text-ink/85">
								{project.description || t("project.noDescription")}
							</p>
						</section>
						<div className="mt-10">
							<SellingPoints />
						</div>
					</div>
				</div>
			</div>
			<PurchaseRequest id={project.id} name={project.name} />
		</article>
	);
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

/** The category's own page, or the shop filtered by it for categories without one (furniture, clothing…). */
function categoryHref(category: ProjectCategory): string {
	return (SITE_CATEGORIES as readonly string[]).includes(category)
		? `/${category}`
		: `/shop?category=${encodeURIComponent(category)}`;
}

function pictureUrl(picture: GalleryImage): string {
	return picture.image ? imageUrl(picture.image.key) : DEFAULT_PROJECT_IMAGE;
}

/** A meta description: the first sentence or so, at most ~160 characters, cut at a word. */
function summarize(text: string, limit = 160): string {
	const clean = text.replace(/\s+/g, " ").trim();
	if (clean.length <= limit) return clean;
	const cut = clean.slice(0, limit - 1);
	return `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}
