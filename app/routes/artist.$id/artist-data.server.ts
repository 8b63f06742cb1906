import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { redirectToNotFound } from "~/lib/not-found";
import { localizedWritten, typesetName } from "~/lib/typography.server";
import { getArtistById } from "~/models/artists.server";
import { listProjectsByArtist, toProjectSummary } from "~/models/projects.server";
import { toStoredImage } from "~/models/stored-image.server";

/*
 * An artist page's data. Apart from the route module so that the browser build sees one server import
 * there instead of five shared ones (each shared server module costs the page an empty chunk).
 */

export async function loadArtistPage(request: Request, id: string | undefined) {
	const artist = id ? await getArtistById(id) : undefined;
	if (!artist) throw redirectToNotFound(request);
	const language = await getLanguage(request);
	const t = await i18nServer.getFixedT(language, "artists");
	const projects = await listProjectsByArtist(artist.id);
	const description = localizedWritten(language, artist.description_en, artist.description_ru);
	return {
		artist: {
			id: artist.id,
			name: typesetName(artist.name),
			description,
			image: toStoredImage(artist),
		},
		projects: projects.map((project) => toProjectSummary(project, language)),
		meta: {
			title: t("profile.metaTitle", { name: artist.name }),
			// The opening sentence: search snippets stay short and still say what the studio does.
			description: description.split(/(?<=[.!?…])[ \t\r\n]+/)[0] ?? description,
		},
	};
}
