import type { LoaderFunctionArgs } from "@remix-run/node";
import { SITE_CATEGORIES } from "~/lib/categories";
import { publicOrigin } from "~/lib/env.server";
import { escapeHtml } from "~/lib/escape-html";
import { SUPPORTED_LANGUAGES } from "~/lib/i18n";
import { localizedUrl } from "~/lib/seo";
import { listArtists } from "~/models/artists.server";
import { listProjectIds } from "~/models/projects.server";

const STATIC_PATHS = ["/", ...SITE_CATEGORIES.map((category) => `/${category}`), "/artists", "/shop"];
const INFO_PATHS = ["/about", "/contact", "/shipping", "/terms", "/privacy"];

/** Every public page in both languages, each entry naming its alternates (Google's hreflang sitemap form). */
export async function loader({ request }: LoaderFunctionArgs) {
	const origin = publicOrigin(request);
	const [projects, artists] = await Promise.all([listProjectIds(), listArtists()]);
	const pages: SitemapPage[] = [
		...STATIC_PATHS.map((path) => ({ path })),
		...artists.map((artist) => ({ path: `/artist/${encodeURIComponent(artist.id)}` })),
		...INFO_PATHS.map((path) => ({ path })),
		...projects.map((project) => ({
			path: `/project/${encodeURIComponent(project.id)}`,
			lastModified: project.updated_at,
		})),
	];
	return new Response(renderSitemap(origin, pages), {
		headers: {
			"Content-Type": "application/xml; charset=utf-8",
			// Short: a new or renamed project should reach crawlers within minutes.
			"Cache-Control": "public, max-age=300",
		},
	});
}

interface SitemapPage {
	path: string;
	/** ISO-8601 timestamp of the last change, when known. */
	lastModified?: string;
}

function renderSitemap(origin: string, pages: SitemapPage[]): string {
	const entries = pages.flatMap((page) => {
		const alternates = [
			...SUPPORTED_LANGUAGES.map((language) =>
				alternateLink(language, localizedUrl(origin, page.path, language)),
			),
			alternateLink("x-default", localizedUrl(origin, page.path, "en")),
		];
		return SUPPORTED_LANGUAGES.map((language) =>
			[
				"\t<url>",
				`\t\t<loc>${escapeHtml(localizedUrl(origin, page.path, language))}</loc>`,
				...(page.lastModified ? [`\t\t<lastmod>${escapeHtml(page.lastModified)}</lastmod>`] : []),
				...alternates,
				"\t</url>",
			].join("\n"),
		);
	});
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
		...entries,
		"</urlset>",
		"",
	].join("\n");
}

function alternateLink(hreflang: string, href: string): string {
	return `\t\t<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}"/>`;
}
