import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/lib/env.server";

/** Crawlers may index the public site; the admin, account and resource routes are not for search results. */
export function loader({ request }: LoaderFunctionArgs) {
	const origin = getEnv().SITE_URL ?? new URL(request.url).origin;
	const body = [
		"User-agent: *",
		"Allow: /",
		"Disallow: /admin",
		"Disallow: /account",
		"Disallow: /resources/",
		"",
		`Sitemap: ${new URL("/sitemap.xml", origin).toString()}`,
		"",
	].join("\n");
	return new Response(body, {
		headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
	});
}
