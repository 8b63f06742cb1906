import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { redirectToNotFound } from "~/lib/not-found";
import { pageSlice } from "~/lib/paging";
import { requestedPage, requirePage } from "~/lib/paging.server";
import { localizedWritten, typesetName } from "~/lib/typography.server";
import { getArtistById } from "~/models/artists.server";
import { countPublished } from "~/models/catalogue-counts.server";
import { listPublishedPage, toProjectSummary } from "~/models/projects.server";
import { toStoredImage } from "~/models/stored-image.server";

/*
 * An artist page's data. Apart from the route module so that the browser build sees one server import
 * there instead of five shared ones (each shared server module costs the page an empty chunk).
 */

export async function loadArtistPage(request: Request, id: string | undefined) {
	const artist = id ? await getArtistById(id) : undefined;
	if (!artist) throw redirectToNotFound(request);
	const requested = requestedPage(request);
	const language = await getLanguage(request);
	const t = await i18nServer.getFixedT(language, "artists");
	const paging = requirePage(await countPublished({ artistId: artist.id }), requested);
	const projects = await listPublishedPage({ artistId: artist.id }, pageSlice(paging));
	const description = localizedWritten(language, artist.description_en, artist.description_ru);
	return {
		artist: {
			id: artist.id,
			name: typesetName(artist.name),
			description,
			image: toStoredImage(artist),
		},
		projects: projects.map((project) => toProjectSummary(project, language)),
		paging,
		meta: {
			title: t("profile.metaTitle", { name: artist.name }),
			// The opening sentence: search snippets stay short and still say what the studio does.
			description: description.split(/(?<=[.!?…])[ \t\r\n]+/)[0] ?? description,
		},
	};
}
