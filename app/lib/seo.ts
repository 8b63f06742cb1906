import type { MetaDescriptor } from "@remix-run/node";
import { DEFAULT_LANGUAGE, type Language } from "./i18n";
import { pageHref } from "./paging";
import { BRAND_WORD, BRAND_WORD_RU } from "./site";

export interface SeoInput {
	/** Full page title, e.g. "Arc Lounge Chair — FORMA". */
	title: string;
	description: string;
	/** The page's path without `?lng=`, e.g. "/project/arc-lounge-chair". */
	path: string;
	/** Public origin, e.g. "https://forma.gallery" (the root loader's `origin`). */
	origin: string;
	language: Language;
	/** Absolute or site-relative URL of the share image. */
	image?: string | null;
	type?: "website" | "product" | "profile" | "article";
	/** Structured data (schema.org), rendered as application/ld+json. */
	jsonLd?: Record<string, unknown>;
	/**
	 * A paged list's place: its canonical address (and its alternates) name the page (page 1 the bare
	 * address), and rel=prev/next name its neighbours.
	 */
	paging?: { page: number; pageCount: number };
}

/** The page's address in a language: English is the plain path (what a visitor without cookies gets). */
export function localizedUrl(origin: string, path: string, language: Language): string {
	const url = new URL(path, origin);
	url.searchParams.delete("lng");
	if (language !== DEFAULT_LANGUAGE) url.searchParams.set("lng", language);
	return url.toString();
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
	return new URL(pathOrUrl, origin).toString();
}

/** Title, description, canonical URL, hreflang alternates (en, ru, x-default), OpenGraph and JSON-LD. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
	const { origin, language, paging } = input;
	const list = new URL(input.path, origin);
	const at = (page: number) => pageHref(list, page);
	const path = paging ? at(paging.page) : input.path;
	const canonical = localizedUrl(origin, path, language);
	const meta: MetaDescriptor[] = [
		{ title: input.title },
		{ name: "description", content: input.description },
		{ tagName: "link", rel: "canonical", href: canonical },
		{ tagName: "link", rel: "alternate", hrefLang: "en", href: localizedUrl(origin, path, "en") },
		{ tagName: "link", rel: "alternate", hrefLang: "ru", href: localizedUrl(origin, path, "ru") },
		{ tagName: "link", rel: "alternate", hrefLang: "x-default", href: localizedUrl(origin, path, "en") },
		{ property: "og:site_name", content: language === "ru" ? BRAND_WORD_RU : BRAND_WORD },
		{ property: "og:title", content: input.title },
		{ property: "og:description", content: input.description },
		{ property: "og:url", content: canonical },
		{ property: "og:type", content: input.type ?? "website" },
		{ property: "og:locale", content: language === "ru" ? "ru_RU" : "en_US" },
		{ name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
	];
	if (paging && paging.page > 1)
		meta.push({ tagName: "link", rel: "prev", href: localizedUrl(origin, at(paging.page - 1), language) });
	if (paging && paging.page < paging.pageCount)
		meta.push({ tagName: "link", rel: "next", href: localizedUrl(origin, at(paging.page + 1), language) });
	if (input.image) meta.push({ property: "og:image", content: absoluteUrl(origin, input.image) });
	if (input.jsonLd) meta.push({ "script:ld+json": input.jsonLd });
	return meta;
}

/** The root loader's data as seen from any route's `meta` function. */
export interface RootMetaData {
	language: Language;
	origin: string;
}

export function rootMetaData(matches: ReadonlyArray<{ id: string; data: unknown }>): RootMetaData {
	const data = matches.find((match) => match.id === "root")?.data as Partial<RootMetaData> | undefined;
	return { language: data?.language ?? DEFAULT_LANGUAGE, origin: data?.origin ?? "http://localhost:3000" };
}

/** Admin pages: the title their loader translated, and never indexed. */
export function adminMeta({ data }: { data: unknown }): MetaDescriptor[] {
	const title = (data as { title?: string } | undefined)?.title;
	return [{ title: title ?? "FORMA" }, { name: "robots", content: "noindex" }];
}
