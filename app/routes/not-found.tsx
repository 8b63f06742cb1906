import type { MetaFunction } from "@remix-run/node";

/** /not-found shows the 404 page with a real 404 status (the root error boundary renders it). */
export function loader(): never {
	throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "404" }];

export default function NotFoundRoute() {
	return null;
}
