import type { ProjectFactValues } from "~/components/catalog/project-facts";
import type { GalleryImage } from "~/components/catalog/project-gallery";
import { publicOrigin } from "~/lib/env.server";
import { localized } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { redirectToNotFound } from "~/lib/not-found";
import { localizedUrl } from "~/lib/seo";
import { salesAddress } from "~/lib/site";
import { localizedWritten, typesetName, typesetWritten } from "~/lib/typography.server";
import {
	getProjectById,
	listProjectImages,
	listProjectsByArtist,
	listRelatedProjects,
	toProjectSummary,
} from "~/models/projects.server";
import { getSettings } from "~/models/settings.server";
import { toStoredImage } from "~/models/stored-image.server";
import { getUser } from "~/services/auth.server";

/*
 * The project page's data. Apart from the route module so that the browser build sees one server import
 * there instead of several shared ones (each shared server module costs the page an empty chunk).
 */

/** How many cards "More from {artist}" and "You may also like" show. */
const MORE_LIMIT = 4;

export async function loadProjectPage(request: Request, id: string) {
	// Administrators preview drafts; for everyone else a draft does not exist. (A signed-in visitor's
	// pages are `private, no-store` and skip the page cache: app/server/remix-handler.ts.)
	const user = await getUser(request);
	const row = await getProjectById(id, { includeDrafts: user?.role === "admin" });
	if (!row) throw redirectToNotFound(request);
	const language = await getLanguage(request);
	const [galleryRows, byArtist, related, t, settings] = await Promise.all([
		listProjectImages(row.id),
		// One more than shown: the piece itself may be among them.
		row.artist_id ? listProjectsByArtist(row.artist_id, MORE_LIMIT + 1) : [],
		listRelatedProjects(row, MORE_LIMIT),
		i18nServer.getFixedT(language, "catalog"),
		getSettings(),
	]);
	const project = toProjectSummary(row, language);
	const views: GalleryImage[] = galleryRows.map((picture, index) => ({
		image: toStoredImage(picture),
		alt:
			localized(language, picture.alt_text, picture.alt_text_ru) ||
			t("gallery.imageAlt", { name: project.name, index: index + 2 }),
	}));
	// Without a main image the first gallery view is the cover (the model's `cover`): shown once, first.
	const gallery: GalleryImage[] = row.image
		? [{ image: project.image, alt: project.name }, ...views]
		: views.length > 0
			? views
			: [{ image: null, alt: project.name }];
	const facts: ProjectFactValues = {
		dimensions: typesetWritten(row.dimensions.trim(), language),
		materials: localizedWritten(language, row.materials_en, row.materials_ru).trim(),
		year: row.year,
		editionSize: row.edition_size,
	};
	const summary = (rows: typeof byArtist) => rows.map((other) => toProjectSummary(other, language));
	return {
		project,
		gallery,
		facts,
		// The row already carries its artist's name (selectProjects joins it).
		artist: row.artist_id ? { id: row.artist_id, name: typesetName(row.designer) } : null,
		moreFromArtist: summary(byArtist.filter((other) => other.id !== row.id).slice(0, MORE_LIMIT)),
		related: summary(related),
		// Questions about the piece go to the one sales address (issue #35).
		salesEmail: salesAddress(settings),
		// The page's address for the share links, in the visitor's language (`?lng=ru` for Russian).
		shareUrl: localizedUrl(publicOrigin(request), `/project/${encodeURIComponent(row.id)}`, language),
		// A tab's title and a search snippet show names as they were written (typography.server.ts, UNSET_KEY).
		meta: {
			title: t("project.metaTitle", { name: row.name }),
			description:
				summarize(project.description) ||
				t("project.metaDescription", { name: row.name, designer: row.designer }),
		},
	};
}

/** A meta description: the first sentence or so, at most ~160 characters, cut at a word. */
function summarize(text: string, limit = 160): string {
	const clean = text.replace(/\s+/g, " ").trim();
	if (clean.length <= limit) return clean;
	const cut = clean.slice(0, limit - 1);
	return `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}
