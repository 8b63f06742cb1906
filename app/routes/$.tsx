/**
 * Any path of two or more segments no other route claims: the 404 page (the root error boundary), with a
 * 404 status. Single-segment paths such as /not-found reach $category/route.tsx, which answers the same.
 */
export function loader(): never {
	throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
	return null;
}
