import type { APIRequestContext } from "@playwright/test";

/**
 * One-time form tokens (docs/decisions/0022) for specs that post to a running site: read from the page that
 * shows the form, as a browser gets it (with the same cookies, since admin pages are admin-only).
 */
export function formTokenIn(html: string, page = "the page"): string {
	const token = /<input[^>]*\bname="formToken"[^>]*\bvalue="([^"]+)"/.exec(html)?.[1];
	if (!token) throw new Error(`${page} shows no form token`);
	return token;
}

/** The token of the form on `page`, fetched with a Playwright request context (its cookies included). */
export async function formTokenFrom(request: APIRequestContext, page: string): Promise<string> {
	const response = await request.get(page);
	return formTokenIn(await response.text(), page);
}

/** The token of the form on the page at `url`, fetched with plain fetch (and `cookie`, if any). */
export async function fetchFormToken(url: string, cookie?: string): Promise<string> {
	const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {} });
	return formTokenIn(await response.text(), url);
}
