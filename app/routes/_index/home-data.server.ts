import type { HeroSlideView } from "~/components/home/hero-slider";
import type { Language } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { localizedWritten, typesetName } from "~/lib/typography.server";
import { listArtistsPage } from "~/models/artists.server";
import { listFeaturedProjects, toProjectSummary } from "~/models/projects.server";
import { listActiveSlides } from "~/models/slides.server";
import { toStoredImage } from "~/models/stored-image.server";

/*
 * The home page's data. Apart from the route module so that the browser build sees one server import
 * here instead of six shared ones (each shared server module costs the page an empty chunk).
 */

const FEATURED_COUNT = 6;
/** The designers block: two rows of seven at most, whatever the gallery's size (the rest on /artists). */
const DESIGNERS_COUNT = 14;

export async function loadHome(request: Request) {
	const language = await getLanguage(request);
	const [t, slides, featured, artists] = await Promise.all([
		i18nServer.getFixedT(language, "home"),
		loadSlides(language),
		listFeaturedProjects(FEATURED_COUNT),
		listArtistsPage({ offset: 0, limit: DESIGNERS_COUNT }),
	]);
	return {
		meta: { title: t("meta.title"), description: t("meta.description") },
		slides,
		featured: featured.map((project) => toProjectSummary(project, language)),
		artists: artists.map((artist) => ({
			id: artist.id,
			name: typesetName(artist.name),
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
