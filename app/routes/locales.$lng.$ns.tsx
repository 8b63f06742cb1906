import type { LoaderFunctionArgs } from "@remix-run/node";
import { browserBundle } from "~/lib/i18n.server";

/**
 * One namespace's texts in one language, for the browser's i18next (app/lib/translations.tsx). The address
 * it asks for carries the content hash (`?v=`), so that answer is cached for a year; any other (no or an
 * old hash) must be revalidated, and the ETag makes that cheap. Server-only texts (legal, mail) are 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const bundle = browserBundle(params.lng ?? "", params.ns ?? "");
	if (!bundle) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
	const etag = `"${bundle.version}"`;
	const headers = {
		"Content-Type": "application/json; charset=utf-8",
		"Cache-Control":
			new URL(request.url).searchParams.get("v") === bundle.version
				? "public, max-age=31536000, immutable"
				: "public, max-age=0, must-revalidate",
		ETag: etag,
	};
	if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
	return new Response(bundle.json, { headers });
}
