import { createCookie } from "@remix-run/node";
import { getEnv } from "./env.server";
import { createRateLimiter } from "./rate-limit.server";
import { sessionSecret } from "./session-secret.server";

/** Purchase requests per address: enough for any real buyer (or a household sharing a network), too few for spam. */
export const purchaseRequestLimiter = createRateLimiter({
	name: "purchase-request",
	limit: 20,
	windowMs: 15 * 60 * 1000,
});

/** How many of its requests about one piece a browser remembers (a person sends one or two). */
const REMEMBERED_REQUESTS = 10;

/**
 * The requests this browser sent about one piece: what proves a repeat is the visitor's own
 * (app/models/purchase-requests.server.ts, createPurchaseRequest). Signed, so nobody can claim another's
 * request by its number, and sent only to that piece's request addresses (the path below the piece's
 * page), so the shared, cached project pages never see a cookie of it. It lives as long as a repeat is recognised.
 */
const sentRequestsCookie = createCookie("forma_sent", {
	httpOnly: true,
	sameSite: "lax",
	secure: getEnv().NODE_ENV === "production",
	secrets: [sessionSecret(getEnv())],
	maxAge: 30 * 24 * 60 * 60,
});

/** The ids of the requests about `projectId` that this browser sent (none when the cookie is missing or forged). */
export async function readSentRequests(request: Request): Promise<number[]> {
	const value: unknown = await sentRequestsCookie.parse(request.headers.get("Cookie"));
	return Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id)) : [];
}

/** The Set-Cookie header that adds `id` to the requests this browser sent about `projectId`. */
export async function rememberSentRequest(request: Request, projectId: string, id: number): Promise<string> {
	const ids = [id, ...(await readSentRequests(request)).filter((known) => known !== id)].slice(
		0,
		REMEMBERED_REQUESTS,
	);
	// `/project/<id>/`: the request page and its data URL (`…/request.data`, a fetcher's post) match it, the
	// piece's own page (`/project/<id>`, a shared cached copy) does not.
	return sentRequestsCookie.serialize(ids, { path: `/project/${encodeURIComponent(projectId)}/` });
}
