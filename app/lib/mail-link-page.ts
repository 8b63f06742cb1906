import type { HeadersFunction, MetaDescriptor } from "@remix-run/node";

/**
 * The pages a mailed link opens (/verify-email, /reset-password) and the form that sends one
 * (/forgot-password). Their address may hold a one-time token, so they are never stored by a cache, never
 * indexed, and the address never reaches another site as a Referer. `same-origin`, not `no-referrer`:
 * under no-referrer browsers send `Origin: null` with the page's own form, which the cross-site write checks
 * (ours and Remix's) rightly refuse, so the form would fail without JavaScript (docs/decisions/0017).
 */
export const MAIL_LINK_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" } as const;

/** The route's `headers`: the ones above, and a rate-limited answer's Retry-After. */
export const mailLinkPageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
	const headers = new Headers(parentHeaders);
	for (const [name, value] of Object.entries(MAIL_LINK_HEADERS)) headers.set(name, value);
	const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
	if (retryAfter) headers.set("Retry-After", retryAfter);
	return headers;
};

/** The route's `meta`: the title its loader translated; not indexed; the referrer rule for browsers that read only the page. */
export function mailLinkPageMeta({ data }: { data: unknown }): MetaDescriptor[] {
	const title = (data as { title?: string } | undefined)?.title;
	return [
		{ title: title ?? "FORMA" },
		{ name: "robots", content: "noindex" },
		{ name: "referrer", content: "same-origin" },
	];
}
