import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { addressKey } from "~/lib/rate-limit.server";
import { updateSettings } from "~/models/settings.server";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as requestAction } from "~/routes/project.$id_.request";
import { action as registerAction } from "~/routes/register/route";
import { GIVEN_CONSENT } from "../support/consent";
import { countedFormRequest } from "../support/form-tokens";
import { smtpDeliveryForEachTest } from "../support/mail-delivery";
import { formRequest, settle, statusOf } from "../support/requests";

/**
 * Using the site to flood an inbox. The per-mailbox caps compared the literal address, so
 * `victim+1@`, `Victim+2@` … were each a new mailbox with a fresh allowance, all landing in one inbox; the
 * gallery's own address got a notification per request with no cap at all; and the per-client limits
 * keyed an IPv6 client on its whole address, though anyone with one gets a /64 of them.
 */
const PROJECT = "terra-modular-sofa";
const GALLERY = "gallery@forma.example";

const { deliver } = smtpDeliveryForEachTest();

async function requestPiece(email: string, ip: string) {
	const path = `/project/${PROJECT}/request`;
	return settle(async () =>
		requestAction({
			request: await countedFormRequest(
				path,
				{ ...GIVEN_CONSENT, email, phone: "+79161234567" },
				{ headers: { "X-Forwarded-For": ip } },
			),
			params: { id: PROJECT },
			context: {},
		}),
	);
}

async function outboxTo(kind: string) {
	return db.selectFrom("outbox").selectAll().where("kind", "=", kind).orderBy("id").execute();
}

describe("mail floods", () => {
	it("plus-addressing bomb: victim+N@ and letter case share the mailbox's hourly share of confirmations", async () => {
		for (let i = 1; i <= 12; i++) {
			const email = `${i % 2 ? "Victim" : "victim"}+${i}@example.com`;
			expect(statusOf(await requestPiece(email, `192.0.2.${i}`))).toBe(200);
		}
		// Twelve requests are saved; the inbox gets the five confirmations an hour that one address gets.
		expect(
			await db.selectFrom("purchase_requests").select("id").where("email", "like", "%ictim+%").execute(),
		).toHaveLength(12);
		expect(await outboxTo("purchase_confirmation")).toHaveLength(5);
	});

	it("plus-addressing bomb: registrations on victim+N@ send at most three verification links an hour", async () => {
		for (let i = 1; i <= 6; i++) {
			const result = await settle(async () =>
				registerAction({
					request: await countedFormRequest(
						"/register",
						{
							...GIVEN_CONSENT,
							email: `victim+${i}@example.com`,
							phone: "+79161234567",
							password: "long-enough-pw",
						},
						{ headers: { "X-Forwarded-For": `192.0.2.${100 + i}` } },
					),
					params: {},
					context: {},
				}),
			);
			expect(statusOf(result)).toBe(200);
		}
		expect(await outboxTo("verify_email")).toHaveLength(3);
	});

	it("plus-addressing bomb: reset links to victim+N@ accounts share one mailbox's three an hour", async () => {
		for (let i = 1; i <= 3; i++) {
			await db
				.insertInto("users")
				.values({ username: `victim${i}`, email: `victim+${i}@example.com`, phone: null, password_hash: "x" })
				.execute();
		}
		for (let round = 0; round < 2; round++) {
			for (let i = 1; i <= 3; i++) {
				const result = await settle(() =>
					forgotAction({
						request: formRequest(
							"/forgot-password",
							{ email: `VICTIM+${i}@example.com` },
							{ headers: { "X-Forwarded-For": `192.0.2.${150 + round * 3 + i}` } },
						),
						params: {},
						context: {},
					}),
				);
				expect(statusOf(result)).toBe(200);
			}
		}
		expect(await outboxTo("password_reset")).toHaveLength(3);
	});

	it("admin notification flood: past a burst, requests reach the gallery as one digest an hour", async () => {
		await updateSettings({ emailNotifications: true, adminEmail: GALLERY });
		for (let i = 1; i <= 16; i++) {
			expect(statusOf(await requestPiece(`buyer${i}@example.com`, `198.51.100.${i}`))).toBe(200);
		}
		const single = await outboxTo("purchase_notification");
		expect(single).toHaveLength(10);
		const digests = await outboxTo("purchase_digest");
		expect(digests).toHaveLength(1);
		const [digest] = digests;
		if (!digest) throw new Error("no digest");
		expect(digest.to_address).toBe(GALLERY);
		// Held back for an hour, so the gallery hears of the rest at most once an hour.
		expect(Date.parse(digest.next_attempt_at) - Date.now()).toBeGreaterThan(59 * 60 * 1000);
		// Delivered when its hour comes: one message naming the six requests past the burst.
		const smtp = await deliver();
		expect(smtp.messages.filter((mail) => mail.to.includes(GALLERY))).toHaveLength(10);
		const later = new Date(Date.now() + 61 * 60 * 1000);
		await deliver({ now: () => later });
		await smtp.waitFor((mail) => mail.to.includes(GALLERY) && mail.subject.includes("more"));
		const sent = smtp.messages.filter((mail) => mail.to.includes(GALLERY));
		expect(sent).toHaveLength(11);
		const text = sent[10]?.text ?? "";
		expect(sent[10]?.subject).toBe("6 more purchase requests");
		for (let i = 11; i <= 16; i++) expect(text).toContain(`buyer${i}@example.com`);
		for (let i = 1; i <= 10; i++) expect(text).not.toContain(`buyer${i}@example.com`);
	});

	it("IPv6 rotation: the per-client limits count a whole /64 as one client", async () => {
		const ask = (ip: string) =>
			settle(() =>
				forgotAction({
					request: formRequest(
						"/forgot-password",
						{ email: "nobody@example.com" },
						{ headers: { "X-Forwarded-For": ip } },
					),
					params: {},
					context: {},
				}),
			);
		// Five requests an address per 15 minutes: five addresses of one /64 spend them.
		for (let i = 1; i <= 5; i++) expect(statusOf(await ask(`2001:db8:7:1::${i.toString(16)}`))).toBe(200);
		expect(statusOf(await ask("2001:db8:7:1:ffff:ffff:ffff:fffe"))).toBe(429);
		expect(statusOf(await ask("2001:0db8:0007:0001:0:0:0:99"))).toBe(429);
		// Another /64 is another client.
		expect(statusOf(await ask("2001:db8:7:2::1"))).toBe(200);
	});

	it("IPv6 rotation: every spelling of an address in one /64 is one key, for the door caps too", () => {
		// app/server/in-flight-limit.ts keys its per-address caps with the same function.
		const same = [
			"2001:db8:7:1::1",
			"2001:DB8:7:1:ffff::",
			"2001:0db8:0007:0001:0000:0000:0000:0001",
			"2001:db8:7:1:a:b:1.2.3.4",
		];
		expect(new Set(same.map(addressKey))).toEqual(new Set(["2001:db8:7:1::/64"]));
		expect(addressKey("::1")).toBe("0:0:0:0::/64");
		expect(addressKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
		expect(addressKey("192.0.2.1")).toBe("192.0.2.1");
		expect(addressKey("2001:db8:7:2::1")).not.toBe(addressKey("2001:db8:7:1::1"));
	});
});
