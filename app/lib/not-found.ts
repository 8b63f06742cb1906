import { redirect } from "@remix-run/node";

/**
 * Where the spec sends an unknown project or artist: /not-found, which answers 404. A `?lng=` link keeps its
 * language on the way (the redirect carries no cookie).
 */
export function redirectToNotFound(request: Request): Response {
	const language = new URL(request.url).searchParams.get("lng");
	return redirect(language ? `/not-found?lng=${encodeURIComponent(language)}` : "/not-found");
}
