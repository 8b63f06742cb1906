import type { HeadersFunction } from "@remix-run/node";

/**
 * A route's `headers`: the page keeps its parent's headers and its loader's Cache-Control and, when its
 * action refused a rate-limited attempt, passes on the action's Retry-After, so the rendered page says when
 * to try again too.
 */
export const passRetryAfter: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
	const headers = new Headers(parentHeaders);
	const cacheControl = loaderHeaders.get("Cache-Control");
	if (cacheControl) headers.set("Cache-Control", cacheControl);
	const retryAfter = actionHeaders.get("Retry-After");
	if (retryAfter) headers.set("Retry-After", retryAfter);
	return headers;
};
