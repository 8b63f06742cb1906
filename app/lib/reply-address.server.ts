import { getEnv } from "./env.server";
import { LINK_SECRET_PLACEHOLDER } from "./mail.server";

/**
 * Replies by e-mail (issue #37, docs/decisions/0037): with INBOUND_MAIL_ADDRESS set, a message to a party
 * carries the Reply-To `<local part>+<token>@<domain>`, the token naming the request and the party
 * (app/models/request-links.server.ts). Queued messages hold LINK_SECRET_PLACEHOLDER where the token goes.
 */

/** The Reply-To a queued message carries, or null when replies by e-mail are not set up. */
export function replyAddressTemplate(env = getEnv()): string | null {
	const address = env.INBOUND_MAIL_ADDRESS;
	if (!address) return null;
	const at = address.lastIndexOf("@");
	return `${address.slice(0, at)}+${LINK_SECRET_PLACEHOLDER}@${address.slice(at + 1)}`;
}

/**
 * The token in a reply address (`replies+<token>@gallery.example`, any letter case), or null when the
 * address is not one of ours.
 */
export function replyAddressToken(recipient: string, env = getEnv()): string | null {
	const address = env.INBOUND_MAIL_ADDRESS;
	if (!address) return null;
	const at = address.lastIndexOf("@");
	const local = address.slice(0, at).toLowerCase();
	const domain = address.slice(at + 1).toLowerCase();
	const given = recipient.trim().toLowerCase();
	const givenAt = given.lastIndexOf("@");
	if (givenAt < 0 || given.slice(givenAt + 1) !== domain) return null;
	const givenLocal = given.slice(0, givenAt);
	if (!givenLocal.startsWith(`${local}+`)) return null;
	const token = givenLocal.slice(local.length + 1);
	return token === "" ? null : token;
}
