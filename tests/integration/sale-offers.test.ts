import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { LINK_SECRET_PLACEHOLDER } from "~/lib/mail.server";
import { galleryDateInDays } from "~/lib/sale";
import { toastCookie } from "~/lib/session.server";
import { requestLinkFor, requestLinkToken, revokeRequestLinks } from "~/models/request-links.server";
import { updateSettings } from "~/models/settings.server";
import { createUser } from "~/models/users.server";
import { action as saleAction } from "~/routes/admin.requests_.$id.sale";
import { loader as confirmationLoader } from "~/routes/requests.$id_.confirmation";
import { action as offerAction, loader as offerLoader } from "~/routes/requests.$id_.offer";
import { startSession } from "~/services/auth.server";
import {
	answerOffer,
	buyerSaleState,
	closeRequest,
	runSaleRound,
	sendOffer,
	staffSaleState,
} from "~/services/sale.server";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";

/*
 * Issue #37, personal offers: staff send a price with an expiry; the buyer gets it by mail (with the guest
 * link to their thread) and answers on the site; accepting reserves the piece for them; of two acceptances
 * at once only one wins and the other buyer is told; an expired offer cannot be accepted; closing as sold
 * marks the piece sold; the accepted offer has a printable confirmation for staff and the buyer only.
 */

const PIECE = "terra-modular-sofa";
const ORIGIN = "http://localhost";

async function manager() {
	const user = await createUser({
		email: "manager@gallery.example",
		phone: null,
		password: "a-password",
		role: "admin",
		username: "manager",
	});
	const cookie = (await startSession(user.id)).split(";")[0] ?? "";
	return { cookie, actor: { id: user.id, username: user.username } };
}

async function request(email: string, language: "en" | "ru" = "en") {
	return db
		.insertInto("purchase_requests")
		.values({
			project_id: PIECE,
			project_name: "Terra Modular Sofa",
			project_price: 140000,
			email,
			phone: "+79161234567",
			language,
		})
		.returningAll()
		.executeTakeFirstOrThrow();
}

async function guestToken(requestId: number) {
	return requestLinkToken(await requestLinkFor(db, requestId, "buyer"));
}

async function answer(requestId: number, fields: Record<string, string>, cookie?: string) {
	return settle(() =>
		offerAction({
			request: formRequest(`/requests/${requestId}/offer`, fields, { cookie }),
			params: { id: String(requestId) },
			context: {},
		}),
	);
}

const availability = async () =>
	(await db.selectFrom("projects").select("availability").where("id", "=", PIECE).executeTakeFirstOrThrow())
		.availability;
const activeHolds = () =>
	db.selectFrom("holds").selectAll().where("project_id", "=", PIECE).where("ended_at", "is", null).execute();
const offerStatus = async (id: number) =>
	(await db.selectFrom("offers").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
/** The toast the answer carries back to the thread (its title key). */
async function toastOf(response: unknown): Promise<string> {
	const cookie = ((response as Response).headers.get("Set-Cookie") ?? "").split(";")[0];
	const toast = (await toastCookie.parse(cookie ?? null)) as { title?: string } | null;
	return toast?.title ?? "";
}

describe("sending an offer", () => {
	it("mails the buyer in the request's language with the guest link, and shows in their thread", async () => {
		const { cookie } = await manager();
		const buyer = await request("buyer@example.com", "ru");
		const response = await settle(() =>
			saleAction({
				request: formRequest(
					`/admin/requests/${buyer.id}/sale`,
					{ intent: "offer", price: "120000", until: galleryDateInDays(new Date(), 3) },
					{ cookie },
				),
				params: { id: String(buyer.id) },
				context: {},
			}),
		);
		expect(statusOf(response)).toBe(302);
		const [mail] = await db.selectFrom("outbox").selectAll().where("kind", "=", "sale_offer").execute();
		expect(mail).toMatchObject({ to_address: "buyer@example.com", language: "ru" });
		expect(mail?.subject).toContain("Персональное предложение");
		expect(mail?.text_body).toMatch(/120\s000/u);
		// The link's token is put in as the message leaves: the outbox never holds a working link.
		expect(mail?.text_body).toContain(`/requests/${buyer.id}/offer?t=${LINK_SECRET_PLACEHOLDER}`);
		expect(mail?.request_link_id).not.toBeNull();

		const thread = await buyerSaleState(buyer.id);
		expect(thread?.offers).toMatchObject([{ price: 120000, status: "open", answerable: true }]);
		const desk = await staffSaleState(buyer.id);
		expect(desk?.offers).toHaveLength(1);
	});

	it("refuses a price that is not a positive whole number, next to the price", async () => {
		const { cookie } = await manager();
		const buyer = await request("buyer@example.com");
		const response = await settle(() =>
			saleAction({
				request: formRequest(
					`/admin/requests/${buyer.id}/sale`,
					{ intent: "offer", price: "-5", until: galleryDateInDays(new Date(), 3) },
					{ cookie },
				),
				params: { id: String(buyer.id) },
				context: {},
			}),
		);
		expect(statusOf(response)).toBe(400);
		expect(
			(response as { data: { result: { error: Record<string, string[]> } } }).data.result.error.price,
		).toEqual(["sale:offer.errors.priceInvalid"]);
		expect(await db.selectFrom("offers").selectAll().execute()).toEqual([]);
	});
});

describe("answering an offer", () => {
	it("accepting through the guest link reserves the piece for that buyer; another link cannot answer it", async () => {
		const { actor } = await manager();
		const buyer = await request("buyer@example.com");
		const stranger = await request("stranger@example.com");
		const offer = await sendOffer({
			requestId: buyer.id,
			price: 100000,
			day: galleryDateInDays(new Date(), 3),
			actor,
			origin: ORIGIN,
		});

		// Someone else's link, a forged token, or no link at all: 404, as if there were no such request.
		const strangers = await guestToken(stranger.id);
		expect(
			statusOf(await answer(buyer.id, { offer: String(offer.id), answer: "accept", t: strangers })),
		).toBe(404);
		expect(
			statusOf(await answer(buyer.id, { offer: String(offer.id), answer: "accept", t: "0".repeat(40) })),
		).toBe(404);
		expect(statusOf(await answer(buyer.id, { offer: String(offer.id), answer: "accept" }))).toBe(404);
		expect(await offerStatus(offer.id)).toBe("open");

		const token = await guestToken(buyer.id);
		// The offer page opens for the buyer's link only.
		const offerPage = (path: string) =>
			settle(() => offerLoader({ request: getRequest(path), params: { id: String(buyer.id) }, context: {} }));
		expect(statusOf(await offerPage(`/requests/${buyer.id}/offer?t=${token}`))).toBe(200);
		expect(statusOf(await offerPage(`/requests/${buyer.id}/offer?t=${strangers}`))).toBe(404);
		expect(statusOf(await offerPage(`/requests/${buyer.id}/offer`))).toBe(404);

		const accepted = await answer(buyer.id, {
			offer: String(offer.id),
			answer: "accept",
			t: token,
			redirectTo: `/requests/${buyer.id}?t=${token}`,
		});
		expect(statusOf(accepted)).toBe(302);
		expect((accepted as Response).headers.get("Location")).toBe(`/requests/${buyer.id}?t=${token}`);
		expect(await toastOf(accepted)).toContain("sale:offer.answer.accepted");
		expect(await offerStatus(offer.id)).toBe("accepted");
		expect(await availability()).toBe("reserved");
		expect((await activeHolds()).map((hold) => hold.request_id)).toEqual([buyer.id]);
		expect((await buyerSaleState(buyer.id))?.holdUntil).not.toBeNull();
		// In the audit trail, by the buyer (no administrator did it): the offer, the hold, the piece.
		const trail = await db
			.selectFrom("audit_log")
			.selectAll()
			.where("actor_username", "=", "@buyer")
			.orderBy("id")
			.execute();
		expect(trail.every((row) => row.actor_id === null)).toBe(true);
		expect(trail.map((row) => `${row.entity_kind}:${row.entity_id}`)).toEqual([
			`request:${buyer.id}`,
			`project:${PIECE}`,
			`request:${buyer.id}`,
		]);
		expect(trail[0]?.changes).toContain("accepted");

		// Answered once: a second answer changes nothing.
		const again = await answer(buyer.id, { offer: String(offer.id), answer: "decline", t: token });
		expect(await toastOf(again)).toContain("sale:offer.answer.notOpen");
		expect(await offerStatus(offer.id)).toBe("accepted");

		// A revoked link stops working at once.
		await revokeRequestLinks(db, buyer.id, "buyer");
		expect(statusOf(await answer(buyer.id, { offer: String(offer.id), answer: "decline", t: token }))).toBe(
			404,
		);
	});

	it("of two offers for one piece accepted at once, only one wins; the other buyer is told", async () => {
		const { actor } = await manager();
		const day = galleryDateInDays(new Date(), 3);
		const buyers = await Promise.all([request("one@example.com"), request("two@example.com", "ru")]);
		const offers = [];
		for (const buyer of buyers) {
			offers.push(await sendOffer({ requestId: buyer.id, price: 130000, day, actor, origin: ORIGIN }));
		}
		const answers = await Promise.all(
			offers.map((offer) =>
				answerOffer({ requestId: offer.request_id, offerId: offer.id, answer: "accept", origin: ORIGIN }),
			),
		);
		expect(answers.map((each) => each.result).sort()).toEqual(["accepted", "lost"]);
		const statuses = await Promise.all(offers.map((offer) => offerStatus(offer.id)));
		expect([...statuses].sort()).toEqual(["accepted", "lost"]);
		const winner = offers[statuses.indexOf("accepted")];
		expect((await activeHolds()).map((hold) => hold.request_id)).toEqual([winner?.request_id]);
		const loser = buyers.find((buyer) => buyer.id !== winner?.request_id);
		const told = await db.selectFrom("outbox").selectAll().where("kind", "=", "sale_offer_lost").execute();
		expect(told.map((mail) => mail.to_address)).toEqual([loser?.email]);
	});

	it("an expired offer cannot be accepted, and the job marks open offers past their date expired", async () => {
		const { actor } = await manager();
		const buyer = await request("buyer@example.com");
		const sentAt = new Date("2026-12-01T09:00:00Z");
		const offer = await sendOffer({
			requestId: buyer.id,
			price: 90000,
			day: galleryDateInDays(sentAt, 2),
			actor,
			origin: ORIGIN,
			now: sentAt,
		});
		const later = new Date(new Date(offer.expires_at).getTime() + 1000);
		const result = await answerOffer({
			requestId: buyer.id,
			offerId: offer.id,
			answer: "accept",
			origin: ORIGIN,
			now: later,
		});
		expect(result).toEqual({ result: "expired" });
		expect(await offerStatus(offer.id)).toBe("expired");
		expect(await activeHolds()).toEqual([]);

		const second = await sendOffer({
			requestId: buyer.id,
			price: 95000,
			day: galleryDateInDays(sentAt, 2),
			actor,
			origin: ORIGIN,
			now: sentAt,
		});
		expect(await runSaleRound({ origin: ORIGIN, now: later })).toMatchObject({ offersExpired: 1 });
		expect(await offerStatus(second.id)).toBe("expired");
		const token = await guestToken(buyer.id);
		const response = await answer(buyer.id, { offer: String(second.id), answer: "accept", t: token });
		expect(await toastOf(response)).toContain("sale:offer.answer.expired");
		expect(await availability()).toBe("available");
	});
});

describe("closing the request", () => {
	it("as sold marks the piece sold and ends the buyer's hold; the confirmation is for staff and that buyer", async () => {
		await updateSettings({ sellerLegalName: "ООО «Форма»", sellerInn: "7700000000" } as never);
		const { actor, cookie } = await manager();
		const buyer = await request("buyer@example.com");
		const stranger = await request("stranger@example.com");
		const offer = await sendOffer({
			requestId: buyer.id,
			price: 125000,
			day: galleryDateInDays(new Date(), 3),
			actor,
			origin: ORIGIN,
		});
		await answerOffer({ requestId: buyer.id, offerId: offer.id, answer: "accept", origin: ORIGIN });
		await closeRequest({ requestId: buyer.id, outcome: "sold", actor, origin: ORIGIN });
		expect(await availability()).toBe("sold");
		expect(await activeHolds()).toEqual([]);
		const closed = await db
			.selectFrom("purchase_requests")
			.select(["outcome", "status", "closed_at"])
			.where("id", "=", buyer.id)
			.executeTakeFirstOrThrow();
		expect(closed).toMatchObject({ outcome: "sold", status: "done" });
		// Sold, not released: no one is told it is available.
		expect(await db.selectFrom("outbox").selectAll().where("kind", "=", "sale_available").execute()).toEqual(
			[],
		);

		const confirmation = (path: string, cookie?: string) =>
			settle(() =>
				confirmationLoader({
					request: getRequest(path, cookie),
					params: { id: String(buyer.id) },
					context: {},
				}),
			);
		const staff = await confirmation(`/requests/${buyer.id}/confirmation`, cookie);
		expect(statusOf(staff)).toBe(200);
		const page = (staff as { data: { confirmation: { price: number; buyer: { email: string } } } }).data;
		expect(page.confirmation).toMatchObject({ price: 125000, buyer: { email: "buyer@example.com" } });
		const token = await guestToken(buyer.id);
		expect(statusOf(await confirmation(`/requests/${buyer.id}/confirmation?t=${token}`))).toBe(200);
		const strangers = await guestToken(stranger.id);
		expect(statusOf(await confirmation(`/requests/${buyer.id}/confirmation?t=${strangers}`))).toBe(404);
		expect(statusOf(await confirmation(`/requests/${buyer.id}/confirmation`))).toBe(404);
	});
});
