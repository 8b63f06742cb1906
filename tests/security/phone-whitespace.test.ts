import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { action as requestAction } from "~/routes/project.$id_.request";
import { action as registerAction } from "~/routes/register/route";
import { GIVEN_CONSENT } from "../support/consent";
import { countedFormRequest } from "../support/form-tokens";
import { settle, statusOf } from "../support/requests";

/**
 * Phone numbers padded with whitespace that is not a space: CR, LF, tab, the line separator U+2028 and the
 * ideographic space U+3000 made two digits an "11-character phone", which then broke the lines of mail
 * headers and CSV rows it was written into. A phone holds digits, ASCII spaces, brackets, dashes and a
 * leading +, with at least 10 digits; the spec's messages say what is wrong.
 */
const PROJECT = "terra-modular-sofa";

const PADDED = [
	"+7\r\n\r\n\r\n\r\n\r1",
	"1\n\n\n\n\n\n\n\n\n1",
	"1\t\t\t\t\t\t\t\t\t1",
	"1\u2028\u2028\u2028\u2028\u2028\u2028\u2028\u2028\u20281",
	"1\u3000\u3000\u3000\u3000\u3000\u3000\u3000\u3000\u30001",
	// Digits enough, but a line break among them.
	"+7 916 123\r\n45 67",
	"+7 916\u3000123 45 67",
];

/** The phone field's messages in a refused form's reply. */
function phoneErrors(result: unknown): string[] {
	const reply = (result as { data?: { result?: { error?: Record<string, string[] | null> } } }).data?.result;
	return reply?.error?.phone ?? [];
}

async function postPurchase(phone: string, ip: string) {
	const path = `/project/${PROJECT}/request`;
	return settle(async () =>
		requestAction({
			request: await countedFormRequest(
				path,
				{ ...GIVEN_CONSENT, email: "buyer@example.com", phone },
				{ headers: { "X-Forwarded-For": ip } },
			),
			params: { id: PROJECT },
			context: {},
		}),
	);
}

async function postRegistration(phone: string, email: string) {
	return settle(async () =>
		registerAction({
			request: await countedFormRequest("/register", {
				...GIVEN_CONSENT,
				email,
				phone,
				password: "long-enough-pw",
			}),
			params: {},
			context: {},
		}),
	);
}

describe("phone whitespace injection", () => {
	it("the purchase form refuses a phone padded with CR, LF, tab, U+2028 or U+3000, saving nothing", async () => {
		const before = await db.selectFrom("purchase_requests").select("id").execute();
		for (const [index, phone] of PADDED.entries()) {
			const result = await postPurchase(phone, `192.0.2.${index + 1}`);
			expect(statusOf(result), JSON.stringify(phone)).toBe(400);
			const errors = phoneErrors(result);
			expect(errors.length, JSON.stringify(phone)).toBeGreaterThan(0);
			for (const error of errors) expect(["validation.phoneMin", "validation.phoneChars"]).toContain(error);
		}
		expect(await db.selectFrom("purchase_requests").select("id").execute()).toEqual(before);
		expect(
			await db.selectFrom("outbox").select("id").where("kind", "=", "purchase_confirmation").execute(),
		).toEqual([]);
	});

	it("the purchase form wants ten digits: eleven characters of brackets and dashes are not a phone", async () => {
		for (const phone of ["+7 (9) 1-2-3", "((((( )))))", "1-2-3-4-5-6-7-8-9"]) {
			const result = await postPurchase(phone, "192.0.2.40");
			expect(statusOf(result), phone).toBe(400);
			expect(phoneErrors(result)).toEqual(["validation.phoneMin"]);
		}
		// What people type still goes through.
		for (const [index, phone] of ["+7 916 123-45-67", "8 (916) 123-45-67", "+44 20 7946 0958"].entries()) {
			const result = await postPurchase(phone, `192.0.2.${50 + index}`);
			expect(statusOf(result), phone).toBe(200);
		}
	});

	it("registration refuses the same padding with the spec's message, and keeps the spaced forms", async () => {
		for (const [index, phone] of [
			"+7916\t1234567",
			"+7916\r\n1234567",
			"+7916\u20281234567",
			"+7916\u30001234567",
		].entries()) {
			const email = `padded${index}@example.com`;
			const result = await postRegistration(phone, email);
			expect(statusOf(result), JSON.stringify(phone)).toBe(400);
			expect(phoneErrors(result)).toEqual(["validation.phoneFormat"]);
			expect(await db.selectFrom("users").select("id").where("email", "=", email).execute()).toEqual([]);
		}
		const spaced = await postRegistration("+7 (916) 123-45-67", "spaced@example.com");
		expect(statusOf(spaced)).toBe(200);
		const row = await db
			.selectFrom("users")
			.select("phone")
			.where("email", "=", "spaced@example.com")
			.executeTakeFirstOrThrow();
		expect(row.phone).toBe("+79161234567");
	});
});
