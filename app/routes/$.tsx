import type { PageCacheHandle } from "~/lib/page-cache-policy";

/**
 * Any path of two or more segments no other route claims: the 404 page (the root error boundary), with a
 * 404 status. Single-segment paths such as /not-found reach $category/route.tsx, which answers the same.
 */
/** Every path here is not found: one shared copy of the 404 page per language and theme (0005). */
export const handle = {
	pageCache: { shared: true, notFound: { path: "/not-found/page", everyPath: true } },
} satisfies PageCacheHandle;

export function loader(): never {
	throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
	return null;
}
