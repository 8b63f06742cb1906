import { createHash, timingSafeEqual } from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { getEnv, publicOrigin } from "~/lib/env.server";
import { createRateLimiter } from "~/lib/rate-limit.server";
import {
	MAX_INBOUND_MESSAGE_BYTES,
	receiveInboundMail,
	recordUnauthorisedInboundMail,
} from "~/services/inbound-mail.server";

/**
 * POST /hooks/inbound-mail: replies by e-mail, as a mail provider's inbound route or a Postfix pipe posts
 * them (issue #37, docs/decisions/0037): the raw RFC 822 message as the body, `Content-Type:
 * message/rfc822`, `Authorization: Bearer <INBOUND_MAIL_SECRET>`. A wrong secret is 401 (and counted); a
 * message that is read but refused (unknown token, wrong sender …) is 200 with what happened, so that the
 * provider does not retry it: it is recorded and shown on /admin/mail, never attached to a thread.
 */

/** Wrong-secret posts recorded per hour at most: a flood is answered 401 but not written down. */
const wrongSecretRecords = createRateLimiter({
	name: "inbound-mail-wrong-secret",
	limit: 60,
	windowMs: 60 * 60 * 1000,
});

function digest(value: string): Buffer {
	return createHash("sha256").update(value).digest();
}

/** Whether the request carries the secret (compared in constant time). */
function isAuthorised(request: Request, secret: string): boolean {
	const given = /^Bearer\s+(.+)$/i.exec(request.headers.get("authorization") ?? "")?.[1]?.trim() ?? "";
	return timingSafeEqual(digest(given), digest(secret));
}

/** The body, at most `limit` bytes; null when it is longer. */
async function readBody(request: Request, limit: number): Promise<Buffer | null> {
	const declared = Number(request.headers.get("content-length") ?? "0");
	if (declared > limit) return null;
	if (!request.body) return Buffer.alloc(0);
	const chunks: Uint8Array[] = [];
	let size = 0;
	for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
		size += chunk.byteLength;
		if (size > limit) return null;
		chunks.push(chunk);
	}
	return Buffer.concat(chunks);
}

function answer(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
	return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export async function loader() {
	return answer(405, { error: "POST a message/rfc822 body" }, { Allow: "POST" });
}

export async function action({ request }: ActionFunctionArgs) {
	const secret = getEnv().INBOUND_MAIL_SECRET;
	// Replies by e-mail are not set up: there is no hook.
	if (!secret) return answer(404, { error: "replies by e-mail are not set up" });
	if (!isAuthorised(request, secret)) {
		if ((await wrongSecretRecords.hit("all")).allowed) await recordUnauthorisedInboundMail();
		return answer(401, { error: "wrong secret" }, { "WWW-Authenticate": 'Bearer realm="inbound-mail"' });
	}
	const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
	if (type !== "message/rfc822") return answer(415, { error: "Content-Type must be message/rfc822" });
	const raw = await readBody(request, MAX_INBOUND_MESSAGE_BYTES);
	if (raw === null) return answer(413, { error: "the message is too large" });
	const outcome = await receiveInboundMail(raw, { origin: publicOrigin(request) });
	return answer(200, outcome);
}
