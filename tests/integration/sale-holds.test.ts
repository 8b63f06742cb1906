import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { endOfGalleryDay, galleryDateInDays } from "~/lib/sale";
import { createPurchaseRequest, ProjectReservedError } from "~/models/purchase-requests.server";
import { updateSettings } from "~/models/settings.server";
import { createUser } from "~/models/users.server";
import { action as editAction } from "~/routes/admin.projects.edit.$id";
import { action as saleAction, loader as saleLoader } from "~/routes/admin.requests_.$id.sale";
import { startSession } from "~/services/auth.server";
import {
	releaseHold,
	reserveForBuyer,
	runSaleRound,
	type SaleError,
	sendOffer,
} from "~/services/sale.server";
import { projectFormFields } from "../support/project-form";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";

/*
 * Issue #37, holds: "Reserve for this buyer" until a date keeps a piece for one request; everyone else sees
 * it Reserved and cannot ask to buy it; one active hold per piece, even when two are placed at once; a hold
 * ends by release or when its date passes (the scheduled job), the manager reminded a day before, and the
 * other buyers who asked about the piece told once that it is available again.
 */

const PIECE = "terra-modular-sofa";
const ORIGIN = "http://localhost";
const NOW = new Date("2026-12-01T09:00:00Z");

async function manager(username = "manager") {
	const user = await createUser({
		email: `${username}@gallery.example`,
		phone: null,
		password: "a-password",
		role: "admin",
		username,
	});
	const cookie = (await startSession(user.id)).split(";")[0] ?? "";
	return { user, cookie, actor: { id: user.id, username: user.username } };
}

async function request(
	email: string,
	kind: "purchase" | "wait" | "similar" = "purchase",
	language: "en" | "ru" = "en",
) {
	return db
		.insertInto("purchase_requests")
		.values({
			project_id: PIECE,
			project_name: "Terra Modular Sofa",
			project_price: 140000,
			email,
			phone: "+79161234567",
			kind,
			language,
		})
		.returningAll()
		.executeTakeFirstOrThrow();
}

async function post(cookie: string, requestId: number, fields: Record<string, string>) {
	return settle(() =>
		saleAction({
			request: formRequest(`/admin/requests/${requestId}/sale`, fields, { cookie }),
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
const mailOf = (kind: string) =>
	db
		.selectFrom("outbox")
		.selectAll()
		.where("kind", "=", kind as never)
		.orderBy("id")
		.execute();

describe("reserving a piece for a buyer", () => {
	it("makes it Reserved to everyone else: asking to buy is refused, asking to be told stays", async () => {
		const { cookie } = await manager();
		const buyer = await request("buyer@example.com");
		const day = galleryDateInDays(new Date(), 7);
		const response = await post(cookie, buyer.id, { intent: "reserve", until: day });
		expect(statusOf(response)).toBe(302);
		expect((response as Response).headers.get("Location")).toBe(`/admin/requests/${buyer.id}`);
		expect(await availability()).toBe("reserved");
		const [hold] = await activeHolds();
		expect(hold).toMatchObject({ request_id: buyer.id, created_by: "manager" });
		expect(hold?.until).toBe(endOfGalleryDay(day)?.toISOString());

		await expect(
			createPurchaseRequest({
				projectId: PIECE,
				email: "other@example.com",
				phone: "+79161234567",
				userId: null,
			}),
		).rejects.toBeInstanceOf(ProjectReservedError);
		const waiting = await createPurchaseRequest({
			projectId: PIECE,
			email: "other@example.com",
			phone: "+79161234567",
			userId: null,
			kind: "wait",
		});
		expect(waiting.request.kind).toBe("wait");

		// The audit trail and the request's timeline both say so.
		const trail = await db.selectFrom("audit_log").selectAll().where("entity_kind", "=", "request").execute();
		expect(trail.map((row) => row.changes).join()).toContain(`"after":"${day}"`);
		const events = await db
			.selectFrom("request_events")
			.selectAll()
			.where("request_id", "=", buyer.id)
			.execute();
		expect(events.map((event) => event.kind)).toEqual(["hold_placed"]);
	});

	it("refuses a second reserve for another request, saying who holds the piece until when", async () => {
		const { cookie } = await manager();
		const first = await request("first@example.com");
		const second = await request("second@example.com");
		const day = galleryDateInDays(new Date(), 5);
		expect(statusOf(await post(cookie, first.id, { intent: "reserve", until: day }))).toBe(302);
		const refused = await post(cookie, second.id, { intent: "reserve", until: day });
		expect(statusOf(refused)).toBe(409);
		const answer = (refused as { data: { result: { error: Record<string, string[]> }; holder: unknown } })
			.data;
		expect(answer.result.error[""]).toEqual(["sale:hold.refused.held"]);
		expect(answer.holder).toMatchObject({ requestId: first.id, email: "first@example.com" });
		expect((answer.holder as { until: string }).until).toMatch(/2026|2027/);
		expect((await activeHolds()).map((hold) => hold.request_id)).toEqual([first.id]);
	});

	it("keeps one active hold per piece when two are placed at the same moment", async () => {
		const { actor } = await manager();
		const buyers = await Promise.all([
			request("a@example.com"),
			request("b@example.com"),
			request("c@example.com"),
		]);
		const day = galleryDateInDays(new Date(), 3);
		const results = await Promise.allSettled(
			buyers.map((buyer) => reserveForBuyer({ requestId: buyer.id, day, actor })),
		);
		expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
		for (const result of results) {
			if (result.status === "rejected") expect((result.reason as SaleError).code).toBe("held");
		}
		expect(await activeHolds()).toHaveLength(1);
	});

	it("refuses a date in the past with the reason next to the date, and an unknown outcome next to the select", async () => {
		const { cookie } = await manager();
		const buyer = await request("late@example.com");
		const past = await post(cookie, buyer.id, { intent: "reserve", until: "2020-01-01" });
		expect(statusOf(past)).toBe(400);
		expect(
			(past as { data: { result: { error: Record<string, string[]> } } }).data.result.error.until,
		).toEqual(["sale:hold.refused.pastDate"]);
		const garbled = await post(cookie, buyer.id, { intent: "reserve", until: "next week" });
		expect(statusOf(garbled)).toBe(400);
		expect(
			(garbled as { data: { result: { error: Record<string, string[]> } } }).data.result.error.until,
		).toEqual(["sale:hold.errors.dateInvalid"]);
		const outcome = await post(cookie, buyer.id, { intent: "close", outcome: "kidnapped" });
		expect(statusOf(outcome)).toBe(400);
		expect(
			(outcome as { data: { result: { error: Record<string, string[]> } } }).data.result.error.outcome,
		).toEqual(["sale:outcome.errors.required"]);
		expect(await activeHolds()).toEqual([]);
	});

	it("shows the panel alone at /admin/requests/<id>/sale, for staff only", async () => {
		const { cookie } = await manager();
		const buyer = await request("buyer@example.com");
		const page = (who?: string) =>
			settle(() =>
				saleLoader({
					request: getRequest(`/admin/requests/${buyer.id}/sale`, who),
					params: { id: String(buyer.id) },
					context: {},
				}),
			);
		const staff = await page(cookie);
		expect(statusOf(staff)).toBe(200);
		expect((staff as { data: { sale: { requestId: number; hold: unknown } } }).data.sale).toMatchObject({
			requestId: buyer.id,
			hold: null,
		});
		expect((await page()) as Response).toHaveProperty("status", 302);
		const unknown = await settle(() =>
			saleLoader({
				request: getRequest("/admin/requests/999999/sale", cookie),
				params: { id: "999999" },
				context: {},
			}),
		);
		expect(statusOf(unknown)).toBe(404);
	});

	it("is for staff only", async () => {
		const buyer = await request("buyer@example.com");
		const response = await post("", buyer.id, { intent: "reserve", until: galleryDateInDays(new Date(), 7) });
		expect(statusOf(response)).toBe(302);
		expect((response as Response).headers.get("Location")).toMatch(/^\/login/);
		expect(await activeHolds()).toEqual([]);
	});
});

describe("a hold's end", () => {
	it("by release makes the piece available and tells the other buyers who asked, each once", async () => {
		const { actor } = await manager();
		const holder = await request("holder@example.com");
		const waiter = await request("waiter@example.com", "wait", "ru");
		const twice = await request("twice@example.com", "wait");
		await request("twice@example.com", "purchase");
		const similar = await request("similar@example.com", "similar");
		await reserveForBuyer({ requestId: holder.id, day: galleryDateInDays(new Date(), 7), actor });
		await releaseHold({ requestId: holder.id, actor, origin: ORIGIN });
		expect(await availability()).toBe("available");
		const told = await mailOf("sale_available");
		expect(told.map((mail) => mail.to_address).sort()).toEqual(["twice@example.com", "waiter@example.com"]);
		expect(told.find((mail) => mail.to_address === "waiter@example.com")?.language).toBe("ru");
		expect(told.find((mail) => mail.to_address === "waiter@example.com")?.subject).toContain(
			"снова доступна",
		);
		const notified = await db
			.selectFrom("purchase_requests")
			.select(["id", "available_notice_at"])
			.where("available_notice_at", "is not", null)
			.execute();
		expect(notified.map((row) => row.id)).toContain(waiter.id);
		expect(notified.map((row) => row.id)).toContain(twice.id);
		expect(notified.map((row) => row.id)).not.toContain(similar.id);

		// Reserved and released again: no one is told twice.
		await reserveForBuyer({ requestId: holder.id, day: galleryDateInDays(new Date(), 7), actor });
		await releaseHold({ requestId: holder.id, actor, origin: ORIGIN });
		expect(await mailOf("sale_available")).toHaveLength(2);
	});

	it("tells no one the piece is available when it was marked sold by hand meanwhile", async () => {
		const { actor } = await manager();
		const holder = await request("holder@example.com");
		await request("waiter@example.com", "wait");
		await reserveForBuyer({ requestId: holder.id, day: galleryDateInDays(new Date(), 7), actor });
		await db.updateTable("projects").set({ availability: "sold" }).where("id", "=", PIECE).execute();
		await releaseHold({ requestId: holder.id, actor, origin: ORIGIN });
		expect(await availability()).toBe("sold");
		expect(await mailOf("sale_available")).toEqual([]);
	});

	it("by its date passing, in the scheduled job: the manager is reminded a day before, then it expires once", async () => {
		const { actor } = await manager("keeper");
		const holder = await request("holder@example.com");
		await request("waiter@example.com", "wait");
		const day = galleryDateInDays(NOW, 3);
		const hold = await reserveForBuyer({ requestId: holder.id, day, actor, now: NOW });
		const until = new Date(hold.until);

		const early = await runSaleRound({ origin: ORIGIN, now: new Date(until.getTime() - 30 * 3600_000) });
		expect(early).toEqual({ offersExpired: 0, holdsExpired: 0, reminded: 0 });
		const dayBefore = new Date(until.getTime() - 23 * 3600_000);
		expect(await runSaleRound({ origin: ORIGIN, now: dayBefore })).toMatchObject({ reminded: 1 });
		expect(await runSaleRound({ origin: ORIGIN, now: dayBefore })).toMatchObject({ reminded: 0 });
		const reminders = await mailOf("sale_hold_reminder");
		expect(reminders.map((mail) => mail.to_address)).toEqual(["keeper@gallery.example"]);
		expect(reminders[0]?.text_body).toContain(`/admin/requests/${holder.id}`);
		expect(await availability()).toBe("reserved");

		const after = new Date(until.getTime() + 1000);
		const [first, second] = await Promise.all([
			runSaleRound({ origin: ORIGIN, now: after }),
			runSaleRound({ origin: ORIGIN, now: after }),
		]);
		expect((first?.holdsExpired ?? 0) + (second?.holdsExpired ?? 0)).toBe(1);
		expect(await availability()).toBe("available");
		expect(await activeHolds()).toEqual([]);
		const ended = await db
			.selectFrom("holds")
			.selectAll()
			.where("id", "=", hold.id)
			.executeTakeFirstOrThrow();
		expect(ended.end_reason).toBe("expired");
		const bySite = await db
			.selectFrom("audit_log")
			.selectAll()
			.where("actor_username", "=", "@site")
			.execute();
		expect(bySite.map((row) => row.entity_kind).sort()).toEqual(["project", "request"]);
		expect((await mailOf("sale_available")).map((mail) => mail.to_address)).toEqual(["waiter@example.com"]);
		await runSaleRound({ origin: ORIGIN, now: new Date(after.getTime() + 3600_000) });
		expect(await mailOf("sale_available")).toHaveLength(1);
	});

	it("reminds the gallery's address when the one who reserved has no account any more", async () => {
		await updateSettings({ adminEmail: "desk@gallery.example" });
		const { actor } = await manager("gone");
		await db.deleteFrom("sessions").execute();
		const holder = await request("holder@example.com");
		const hold = await reserveForBuyer({
			requestId: holder.id,
			day: galleryDateInDays(NOW, 2),
			actor,
			now: NOW,
		});
		await db.deleteFrom("users").where("username", "=", "gone").execute();
		await runSaleRound({ origin: ORIGIN, now: new Date(new Date(hold.until).getTime() - 3600_000) });
		expect((await mailOf("sale_hold_reminder")).map((mail) => mail.to_address)).toEqual([
			"desk@gallery.example",
		]);
	});
});

describe("a held piece", () => {
	it("keeps its hold and offers when its id changes in the edit form", async () => {
		const { actor, cookie } = await manager();
		const holder = await request("holder@example.com");
		await reserveForBuyer({ requestId: holder.id, day: galleryDateInDays(new Date(), 7), actor });
		const offer = await sendOffer({
			requestId: holder.id,
			price: 120000,
			day: galleryDateInDays(new Date(), 3),
			actor,
			origin: ORIGIN,
		});
		const row = await db.selectFrom("projects").selectAll().where("id", "=", PIECE).executeTakeFirstOrThrow();
		const body = new FormData();
		for (const [name, value] of Object.entries({
			...projectFormFields(row),
			customId: "terra-sofa",
			version: String(row.version),
		}))
			body.append(name, value);
		const saved = await settle(() =>
			editAction({
				request: new Request(`http://localhost/admin/projects/edit/${PIECE}`, {
					method: "POST",
					body,
					headers: { Cookie: cookie },
				}),
				params: { id: PIECE },
				context: {},
			}),
		);
		expect(statusOf(saved)).toBe(302);
		const holds = await db.selectFrom("holds").selectAll().where("ended_at", "is", null).execute();
		expect(holds.map((hold) => [hold.project_id, hold.request_id])).toEqual([["terra-sofa", holder.id]]);
		const offers = await db.selectFrom("offers").selectAll().execute();
		expect(offers.map((each) => [each.id, each.project_id])).toEqual([[offer.id, "terra-sofa"]]);
		const moved = await db
			.selectFrom("projects")
			.select("availability")
			.where("id", "=", "terra-sofa")
			.executeTakeFirst();
		expect(moved?.availability).toBe("reserved");
	});
});
