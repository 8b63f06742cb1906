import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Paragraphs } from "~/components/catalog/paragraphs";
import { ArrowLeftIcon, ArrowRightIcon } from "~/components/icons";
import { ProjectCard } from "~/components/project-card";
import { ResponsiveImage } from "~/components/responsive-image";
import type { I18nHandle } from "~/lib/i18n";
import { imageUrl } from "~/lib/images";
import type { PageCacheHandle } from "~/lib/page-cache-policy";
import { absoluteUrl, localizedUrl, rootMetaData, seoMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { loadArtistPage } from "./artist-data.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["artists"], pageCache: { shared: true } } satisfies I18nHandle &
	PageCacheHandle;

const PORTRAIT_SIZES = "(min-width: 1024px) 42vw, 92vw";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	const root = rootMetaData(matches);
	if (!data) return seoMeta({ ...root, title: "FORMA", description: "", path: "/artists" });
	const { artist } = data;
	const path = `/artist/${encodeURIComponent(artist.id)}`;
	const image = artist.image ? imageUrl(artist.image.key) : null;
	return seoMeta({
		...root,
		title: data.meta.title,
		description: data.meta.description,
		path,
		image,
		type: "profile",
		jsonLd: {
			"@context": "https://schema.org",
			"@type": "Person",
			name: artist.name,
			description: artist.description,
			url: localizedUrl(root.origin, path, root.language),
			...(image ? { image: absoluteUrl(root.origin, image) } : {}),
		},
	});
};

export const loader = ({ request, params }: LoaderFunctionArgs) => loadArtistPage(request, params.id);

export default function ArtistPage() {
	const { artist, projects } = useLoaderData<typeof loader>();
	const { t } = useTranslation("artists");
	return (
		<div className="mx-auto max-w-[1440px] px-5 md:px-10">
			<div className="pt-8 md:pt-12">
				<Link
					to="/artists"
					prefetch="intent"
					className="group inline-flex items-center gap-2 text-sm font-semibold text-muted transition-colors hover:text-ink"
				>
					<ArrowLeftIcon
						width={18}
						height={18}
						className="transition-transform duration-300 group-hover:-translate-x-1 motion-reduce:transition-none"
					/>
					{t("profile.back")}
				</Link>
			</div>

			<article className="grid gap-10 border-b border-line pt-8 pb-16 md:pb-24 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16 lg:pt-10">
				<div className="relative aspect-[4/5] overflow-hidden rounded-2xl bg-card lg:sticky lg:top-28 lg:self-start">
					{artist.image ? (
						<ResponsiveImage
							image={artist.image}
							alt={artist.name}
							sizes={PORTRAIT_SIZES}
							priority
							className="size-full object-cover"
						/>
					) : (
						<div className="size-full bg-[url(/placeholder.svg)] bg-cover bg-center" />
					)}
				</div>
				<div className="lg:py-4">
					<p className="text-xs font-semibold tracking-[0.18em] text-muted uppercase">{t("profile.label")}</p>
					<h1 className="mt-4 font-display text-[clamp(2.5rem,6.5vw,5.5rem)] leading-[0.95] font-semibold tracking-[-0.045em] [overflow-wrap:anywhere]">
						{artist.name}
					</h1>
					<div className="mt-8 grid max-w-2xl gap-4 text-lg leading-relaxed md:text-xl">
						<Paragraphs text={artist.description} />
					</div>

					<section aria-labelledby="working-with" className="mt-12 max-w-2xl rounded-2xl bg-card p-6 md:p-8">
						<h2
							id="working-with"
							className="font-display text-lg leading-snug font-medium tracking-[-0.01em]"
						>
							{t("profile.blurbTitle", { name: artist.name })}
						</h2>
						<p className="mt-4 leading-relaxed text-ink/80">{t("profile.blurb", { name: artist.name })}</p>
						<ul className="mt-6 grid gap-3 text-sm font-semibold sm:grid-cols-3">
							{(["commissions", "certificate", "delivery"] as const).map((point) => (
								<li key={point} className="flex gap-2 border-t border-line pt-3">
									<span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-accent" />
									{t(`profile.points.${point}`)}
								</li>
							))}
						</ul>
						<Link to="/contact" className="button-primary mt-8">
							{t("profile.contact")}
							<ArrowRightIcon width={18} height={18} />
						</Link>
					</section>
				</div>
			</article>

			<section aria-labelledby="works" className="py-16 md:py-24">
				<div className="flex flex-wrap items-end justify-between gap-4">
					<h2
						id="works"
						className="font-display text-3xl leading-tight font-medium tracking-[-0.03em] md:text-5xl"
					>
						{t("profile.worksTitle", { name: artist.name })}
					</h2>
					{projects.length > 0 ? (
						<p className="text-sm text-muted">{t("profile.works", { count: projects.length })}</p>
					) : null}
				</div>
				{projects.length === 0 ? (
					<div className="mt-10 rounded-2xl border border-dashed border-line p-10 text-center">
						<p className="mx-auto max-w-lg text-muted">{t("profile.empty", { name: artist.name })}</p>
						<Link to="/shop" className="button-primary mt-6">
							{t("profile.toShop")}
						</Link>
					</div>
				) : (
					<ul className="mt-10 grid gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-3">
						{projects.map((project) => (
							<li key={project.id}>
								<ProjectCard project={project} opens="project" headingLevel={3} showPrice />
							</li>
						))}
					</ul>
				)}
			</section>
		</div>
	);
}
