import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CategoryLinks } from "~/components/home/category-links";
import { HeroSlider, type HeroSlideView } from "~/components/home/hero-slider";
import { HomeHero } from "~/components/home/home-hero";
import { AboutBlock, DesignersBlock, FeaturedBlock } from "~/components/home/home-sections";
import type { I18nHandle, Language } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { imageUrl } from "~/lib/images";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { localizedWritten } from "~/lib/typography.server";
import { listArtists } from "~/models/artists.server";
import { listFeaturedProjects, toProjectSummary } from "~/models/projects.server";
import { listActiveSlides } from "~/models/slides.server";
import { toStoredImage } from "~/models/stored-image.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["home"] } satisfies I18nHandle;

const FEATURED_COUNT = 6;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	const { language, origin } = rootMetaData(matches);
	const firstImage = data?.slides.find((slide) => slide.image)?.image;
	return seoMeta({
		title: data?.meta.title ?? "FORMA",
		description: data?.meta.description ?? "",
		path: "/",
		origin,
		language,
		image: firstImage ? imageUrl(firstImage.key) : null,
	});
};

export async function loader({ request }: LoaderFunctionArgs) {
	const language = await getLanguage(request);
	const [t, slides, featured, artists] = await Promise.all([
		i18nServer.getFixedT(language, "home"),
		loadSlides(language),
		listFeaturedProjects(FEATURED_COUNT),
		listArtists(),
	]);
	return {
		meta: { title: t("meta.title"), description: t("meta.description") },
		slides,
		featured: featured.map((project) => toProjectSummary(project, language)),
		artists: artists.map((artist) => ({
			id: artist.id,
			name: artist.name,
			image: toStoredImage(artist),
		})),
	};
}

/** Active slides in their order. */
async function loadSlides(language: Language): Promise<HeroSlideView[]> {
	const slides = await listActiveSlides();
	return slides.map((slide) => ({
		id: String(slide.id),
		title: localizedWritten(language, slide.title_en, slide.title_ru),
		subtitle: localizedWritten(language, slide.subtitle_en, slide.subtitle_ru),
		category: slide.category,
		image: toStoredImage(slide),
	}));
}

export default function Home() {
	const { slides, featured, artists } = useLoaderData<typeof loader>();
	return (
		<>
			<HeroSlider slides={slides} />
			<HomeHero />
			<CategoryLinks />
			<AboutBlock />
			<FeaturedBlock projects={featured} />
			<DesignersBlock artists={artists} />
		</>
	);
}
