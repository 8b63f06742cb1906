import { SITE_CATEGORIES } from "~/lib/categories";
import { escapeHtml } from "~/lib/escape-html";
import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from "~/lib/i18n";
import { imageUrl } from "~/lib/images";
import { absoluteUrl } from "~/lib/seo";
import { countArtists, listArtistsForSitemap } from "~/models/artists.server";
import { countPublished } from "~/models/catalogue-counts.server";
import { findPublishedIdAt, listPublishedForSitemap } from "~/models/projects.server";

/*
 * The sitemap (issue #33): /sitemap.xml is an index of files, /sitemap/pages.xml (the fixed pages),
 * /sitemap/artists-N.xml and /sitemap/projects-N.xml. Every page is listed in both languages with its
 * hreflang alternates and its picture, PATHS_PER_FILE pages (twice as many URLs) to a file. A file of
 * pieces is written as it is read: its first id is found in an index, then the rows follow in steps of
 * STEP by id, each step sent before the next is read, so no request holds more than a step in memory.
 */

/**
 * Pages per file; each is listed in both languages with its alternates and picture, so a file holds
 * 2,000 URLs in about 1.2 MB: well under the protocol's 50,000 and the 10,000 of issue #33, and quick to
 * write (a file of 10,000 URLs, 6 MB, took half a second on the bench machine).
 */
export const PATHS_PER_FILE = 1_000;
/** Rows read at a time while a file of pieces is written. */
const STEP = 500;

const STATIC_PATHS = ["/", ...SITE_CATEGORIES.map((category) => `/${category}`), "/artists", "/shop"];
const INFO_PATHS = ["/about", "/contact", "/shipping", "/terms", "/privacy"];

const HEADERS = {
	"Content-Type": "application/xml; charset=utf-8",
	// Short: a new or renamed project should reach crawlers within minutes.
	"Cache-Control": "public, max-age=300",
};

export type SitemapFile = { kind: "pages" } | { kind: "artists" | "projects"; number: number };

/** The file a /sitemap/<name> names, or null for a name that is none of ours. */
export function parseSitemapFile(name: string | undefined): SitemapFile | null {
	if (name === "pages.xml") return { kind: "pages" };
	const match = /^(artists|projects)-([1-9]\d{0,6})\.xml$/.exec(name ?? "");
	if (!match) return null;
	return { kind: match[1] as "artists" | "projects", number: Number(match[2]) };
}

/** The index: every file there is, by what the counts say (a few rows read, whatever the catalogue's size). */
export async function sitemapIndex(origin: string): Promise<Response> {
	const [pieces, artists] = await Promise.all([countPublished(), countArtists()]);
	const files = ["pages.xml", ...numbered("artists", artists), ...numbered("projects", pieces)].map(
		(name) =>
			`\t<sitemap>\n\t\t<loc>${escapeHtml(absoluteUrl(origin, `/sitemap/${name}`))}</loc>\n\t</sitemap>`,
	);
	const body = [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
		...files,
		"</sitemapindex>",
		"",
	].join("\n");
	return new Response(body, { headers: HEADERS });
}

function numbered(kind: string, count: number): string[] {
	return Array.from({ length: Math.ceil(count / PATHS_PER_FILE) }, (_, index) => `${kind}-${index + 1}.xml`);
}

/** One file, or null when it does not exist (a number past the last file). */
export async function sitemapFile(site: string, file: SitemapFile): Promise<Response | null> {
	const origin = new URL(site).origin;
	const offset = file.kind === "pages" ? 0 : (file.number - 1) * PATHS_PER_FILE;
	let entries: AsyncGenerator<string>;
	if (file.kind === "pages") {
		entries = fromList([...STATIC_PATHS, ...INFO_PATHS].map((path) => entry(origin, { path })));
	} else if (file.kind === "artists") {
		const artists = await listArtistsForSitemap({ offset, limit: PATHS_PER_FILE });
		if (artists.length === 0) return null;
		entries = fromList(
			artists.map((artist) =>
				entry(origin, { path: `/artist/${encodeURIComponent(artist.id)}`, image: artist.image }),
			),
		);
	} else {
		const first = await findPublishedIdAt(offset);
		if (first === undefined) return null;
		entries = projectEntries(origin, first);
	}
	return new Response(stream(entries), { headers: HEADERS });
}

async function* fromList(items: string[]): AsyncGenerator<string> {
	yield items.join("");
}

/** A file's pieces, STEP at a time by id from `first`. */
async function* projectEntries(origin: string, first: string): AsyncGenerator<string> {
	let after = { id: first, inclusive: true };
	for (let left = PATHS_PER_FILE; left > 0; ) {
		const rows = await listPublishedForSitemap(after, Math.min(STEP, left));
		if (rows.length === 0) return;
		yield rows
			.map((row) =>
				entry(origin, {
					path: `/project/${encodeURIComponent(row.id)}`,
					lastModified: row.updated_at,
					image: row.cover,
				}),
			)
			.join("");
		left -= rows.length;
		const last = rows[rows.length - 1];
		if (!last || rows.length < STEP) return;
		after = { id: last.id, inclusive: false };
	}
}

/** The urlset around the entries, sent as each step is ready. */
function stream(entries: AsyncGenerator<string>): ReadableStream<Uint8Array> {
	const encoder = new TextEncoder();
	let started = false;
	return new ReadableStream({
		async pull(controller) {
			if (!started) {
				started = true;
				controller.enqueue(
					encoder.encode(
						'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n',
					),
				);
				return;
			}
			const next = await entries.next();
			if (next.done) {
				controller.enqueue(encoder.encode("</urlset>\n"));
				controller.close();
			} else {
				controller.enqueue(encoder.encode(next.value));
			}
		},
		async cancel() {
			await entries.return(undefined);
		},
	});
}

interface SitemapPage {
	path: string;
	/** ISO-8601 timestamp of the last change, when known. */
	lastModified?: string;
	/** The page's picture (an image key), when it has one. */
	image?: string | null;
}

/**
 * A page's address in a language, as localizedUrl writes it (English the plain path, Russian with
 * `?lng=ru`) for the query-less paths a sitemap lists, without a URL object per address: a file has
 * tens of thousands of them.
 */
function addressIn(origin: string, path: string, language: Language): string {
	const plain = `${origin}${path}`;
	return language === DEFAULT_LANGUAGE ? plain : `${plain}?lng=${language}`;
}

/** A page in both languages, each naming its alternates (Google's hreflang sitemap form). */
function entry(origin: string, page: SitemapPage): string {
	const addresses = SUPPORTED_LANGUAGES.map(
		(language) => [language, escapeHtml(addressIn(origin, page.path, language))] as const,
	);
	const alternates = [
		...addresses.map(([language, href]) => alternateLink(language, href)),
		alternateLink("x-default", escapeHtml(addressIn(origin, page.path, DEFAULT_LANGUAGE))),
	];
	const image = page.image
		? [
				`\t\t<image:image><image:loc>${escapeHtml(`${origin}${imageUrl(page.image)}`)}</image:loc></image:image>`,
			]
		: [];
	return addresses
		.map(([, href]) =>
			[
				"\t<url>",
				`\t\t<loc>${href}</loc>`,
				...(page.lastModified ? [`\t\t<lastmod>${escapeHtml(page.lastModified)}</lastmod>`] : []),
				...alternates,
				...image,
				"\t</url>\n",
			].join("\n"),
		)
		.join("");
}

/** An alternate's link; `href` is escaped already. */
function alternateLink(hreflang: string, href: string): string {
	return `\t\t<xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`;
}
