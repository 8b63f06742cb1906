import { createHmac, randomBytes } from "node:crypto";
import type { E2eServer } from "./servers";
import { SESSION_SECRET } from "./servers";

/**
 * The buyer's side of a request's thread, set up directly in the e2e server's database: the staff's page
 * and the inbound hook are other journeys; these specs start where a gallery message is already there.
 */

/** An account with a verified address, signed in through the `signInAs` fixture (no password to type). */
export function insertBuyer(site: E2eServer, email: string): void {
	site.query(
		"insert into users (username, email, password_hash, email_verified_at) values (?, ?, 'not-a-hash', ?)",
		email.split("@")[0],
		email,
		new Date().toISOString(),
	);
}

/** A request for Tidal Relief in `language`, of the account `userId` or a guest's. */
export function insertRequest(
	site: E2eServer,
	input: { email: string; language: "en" | "ru"; userId?: number | null },
): number {
	site.query(
		`insert into purchase_requests (project_id, project_name, project_price, email, phone, user_id, language)
		 values ('tidal-relief', 'Tidal Relief', 27000, ?, '+79165554433', ?, ?)`,
		input.email,
		input.userId ?? null,
		input.language,
	);
	const [row] = site.query<{ id: number }>("select max(id) as id from purchase_requests");
	return row?.id ?? 0;
}

/** A gallery message in the thread, as the staff's page posts it. */
export function insertGalleryMessage(site: E2eServer, requestId: number, body: string): void {
	site.query(
		`insert into request_messages (request_id, author, author_name, body, created_at)
		 values (?, 'gallery', 'anna', ?, ?)`,
		requestId,
		body,
		new Date().toISOString(),
	);
}

/**
 * The buyer's private link to the request, as the site makes it (app/models/request-links.server.ts): a
 * stored nonce, then the first 24 hex digits of its HMAC under the key from SESSION_SECRET.
 */
export function guestLinkFor(site: E2eServer, requestId: number): string {
	const nonce = randomBytes(8).toString("hex");
	site.query(
		"insert into request_links (request_id, party, nonce, created_at) values (?, 'buyer', ?, ?)",
		requestId,
		nonce,
		new Date().toISOString(),
	);
	const key = createHmac("sha256", SESSION_SECRET).update("forma email links v1").digest();
	const secret = createHmac("sha256", key).update(`request_link:${requestId}:buyer:${nonce}`).digest();
	return `/requests/${requestId}?t=${nonce}${secret.toString("hex").slice(0, 24)}`;
}
