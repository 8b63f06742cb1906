import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/lib/env.server";
import { IMAGE_ROUTE } from "~/lib/images";

/**
 * Crawlers may index the public site and its pictures (project and share images live under
 * /resources/images/); the admin, account pages and the other resource routes (theme and language
 * switches, favourites) are not for search results. The Allow line comes first for crawlers that take the
 * first match; Google takes the longest, which is the same answer.
 */
export function loader({ request }: LoaderFunctionArgs) {
	const body = [
		"User-agent: *",
		"Allow: /",
		`Allow: ${IMAGE_ROUTE}/`,
		"Disallow: /admin",
		"Disallow: /account",
		"Disallow: /logout",
		"Disallow: /resources/",
		"",
		`Sitemap: ${new URL("/sitemap.xml", publicOrigin(request)).toString()}`,
		"",
	].join("\n");
	return new Response(body, {
		headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
	});
}
