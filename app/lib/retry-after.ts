import type { HeadersFunction } from "@remix-run/node";

/**
 * A route's `headers`: the page keeps its parent's headers and, when its action refused a rate-limited
 * attempt, passes on the action's Retry-After, so the rendered page says when to try again too.
 */
export const passRetryAfter: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
	const headers = new Headers(parentHeaders);
	const retryAfter = actionHeaders.get("Retry-After");
	if (retryAfter) headers.set("Retry-After", retryAfter);
	return headers;
};
