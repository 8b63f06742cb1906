/** Any path no other route claims: the 404 page, with a 404 status. */
export function loader(): never {
	throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
	return null;
}
