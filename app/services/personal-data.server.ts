import { sql } from "kysely";
import { db } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import { createRateLimiter } from "~/lib/rate-limit.server";
import { composeMail } from "~/mail/layout.server";
import { personalDataLinkMail } from "~/mail/messages/personal-data-link.server";
import type { Actor } from "~/models/activity.server";
import { recordActivity } from "~/models/activity.server";
import { countMailTo } from "~/models/outbox.server";
import {
	accountScope,
	anonymisePerson,
	type ErasureCounts,
	exportPersonalData,
	guestScope,
	type PersonalDataExport,
	type PersonScope,
} from "~/models/personal-data.server";
import {
	checkPersonalDataLink,
	consumePersonalDataLink,
	createPersonalDataLink,
	type PersonalDataLinkCheck,
	personalDataLinkReference,
} from "~/models/personal-data-links.server";
import { getSettings } from "~/models/settings.server";
import type { User } from "~db/schema";
import { mailQueued, queueMail } from "./mail.server";

/** Link requests per client address: the form cannot be used to probe addresses or flood inboxes from one place. */
export const personalDataLinkRequests = createRateLimiter({
	name: "personal-data-link",
	limit: 5,
	windowMs: 15 * 60 * 1000,
});

/** Links to one address per hour: more would only flood the inbox (the newest link is the one that works). */
export const DATA_LINKS_PER_ADDRESS_PER_HOUR = 3;

/**
 * A guest asks for their data by e-mail: when anything was given signed out with that address (a request,
 * a consent), a one-hour, one-time link to it is written to the outbox in the same transaction as the link,
 * in the language of the page. Nothing is sent for an address we hold nothing for, or past its hourly
 * share; the caller answers the same in every case, and the same message is rendered either way.
 */
export async function requestPersonalDataLink(input: {
	email: string;
	language: Language;
	origin: string;
}): Promise<void> {
	const email = input.email.trim();
	const address = email.toLowerCase();
	const queued = await db.transaction().execute(async (trx) => {
		const [request, consent] = await Promise.all([
			trx
				.selectFrom("purchase_requests")
				.select("id")
				.where("user_id", "is", null)
				.where(sql`lower(email)`, "=", address)
				.limit(1)
				.executeTakeFirst(),
			trx
				.selectFrom("consents")
				.select("id")
				.where("user_id", "is", null)
				.where(sql`lower(email)`, "=", address)
				.limit(1)
				.executeTakeFirst(),
		]);
		const recent = await countMailTo(trx, {
			to: email,
			kinds: ["personal_data_link"],
			since: new Date(Date.now() - 60 * 60 * 1000),
		});
		const message = await personalDataLinkMail({ email, language: input.language, origin: input.origin });
		if ((!request && !consent) || recent >= DATA_LINKS_PER_ADDRESS_PER_HOUR) {
			const settings = await getSettings(trx);
			await composeMail(input.language, { ...message, shopName: settings.shop_name, origin: input.origin });
			return false;
		}
		const link = await createPersonalDataLink(trx, email);
		await queueMail(trx, {
			kind: "personal_data_link",
			to: email,
			language: input.language,
			origin: input.origin,
			reference: personalDataLinkReference(link.id),
			...message,
		});
		return true;
	});
	if (queued) mailQueued();
}

/** What a guest's link is worth now (the page shows the address, or why the link no longer works). */
export function checkDataLink(token: string): Promise<PersonalDataLinkCheck> {
	return checkPersonalDataLink(token);
}

/** The data a guest's link opens, while the link works (a download does not use it up; erasure does). */
export async function exportWithLink(
	token: string,
): Promise<{ ok: true; data: PersonalDataExport } | Extract<PersonalDataLinkCheck, { ok: false }>> {
	const check = await checkPersonalDataLink(token);
	if (!check.ok) return check;
	return { ok: true, data: await exportPersonalData(guestScope(check.email)) };
}

/** Erases what was given signed out with the link's address, using the link up in the same transaction. */
export async function eraseWithLink(
	token: string,
): Promise<{ ok: true; counts: ErasureCounts } | Extract<PersonalDataLinkCheck, { ok: false }>> {
	return db.transaction().execute(async (trx) => {
		const check = await consumePersonalDataLink(trx, token);
		if (!check.ok) return check;
		return { ok: true as const, counts: await anonymisePerson(trx, guestScope(check.email)) };
	});
}

/** The signed-in user's own data (their account, and guest requests with its confirmed address). */
export function exportAccountData(user: User): Promise<PersonalDataExport> {
	return exportPersonalData(accountScope(user));
}

/**
 * Deletes the signed-in user's account (the caller checked the password): every session ends, the account,
 * favourites and links go, the requests are anonymised — in one transaction.
 */
export function eraseAccount(user: User): Promise<ErasureCounts> {
	return db.transaction().execute((trx) => anonymisePerson(trx, accountScope(user)));
}

/** An administrator's export for a person who asked: recorded in the audit trail (counts, not who). */
export async function exportForAdmin(scope: PersonScope, actor: Actor): Promise<PersonalDataExport> {
	return db.transaction().execute(async (trx) => {
		const data = await exportPersonalData(scope, trx);
		await recordActivity(trx, actor, {
			entity: "personal_data",
			entityId: "export",
			label: "",
			action: "exported",
			before: null,
			after: {
				accounts: data.accounts.length,
				requests: data.requests.length,
				consents: data.consents.length,
				favourites: data.favourites.length,
			},
		});
		return data;
	});
}

/** An administrator's erasure for a person who asked, recorded in the audit trail in its transaction. */
export function eraseForAdmin(scope: PersonScope, actor: Actor): Promise<ErasureCounts> {
	return db.transaction().execute((trx) => anonymisePerson(trx, scope, { actor }));
}

/** The JSON file a person takes away, with a name that says what and when. */
export function personalDataResponse(data: PersonalDataExport): Response {
	const day = data.exportedAt.slice(0, 10);
	return new Response(`${JSON.stringify(data, null, 2)}\n`, {
		headers: {
			"Content-Type": "application/json; charset=utf-8",
			"Content-Disposition": `attachment; filename="forma-my-data-${day}.json"`,
			"Cache-Control": "private, no-store",
			"X-Content-Type-Options": "nosniff",
		},
	});
}
