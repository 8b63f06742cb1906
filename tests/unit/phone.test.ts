import { describe, expect, it } from "vitest";
import { formatPhone, normalisePhone } from "~/lib/phone";
import { contactPhoneField, russianPhoneField } from "~/lib/validation";

/** What each form answers a typed phone: the stored value, or the message key shown next to the field. */
function answer(field: typeof russianPhoneField | typeof contactPhoneField, typed: string) {
	const result = field.safeParse(typed);
	return result.success ? result.data : result.error.issues[0]?.message;
}

describe("phone numbers as people write them (decision 0034)", () => {
	it.each([
		["8 916 123 45 67", "+79161234567"],
		["+7 (916) 123-45-67", "+79161234567"],
		["8 (916) 123-45-67", "+79161234567"],
		["89161234567", "+79161234567"],
		["+79161234567", "+79161234567"],
		["7 916 123 45 67", "+79161234567"],
		["916 123-45-67", "+79161234567"],
		["  +7 916 1234567  ", "+79161234567"],
		["8-800-555-35-35", "+78005553535"],
		// From abroad: only the separators go.
		["+44 20 7946 0958", "+442079460958"],
		["+1 (212) 555-0100", "+12125550100"],
		// Not a number we can read: left for the rules to answer.
		["812 123 45", "812 123 45"],
		["call me", "call me"],
		["+7 916 123 45 67 ext 2", "+7 916 123 45 67 ext 2"],
	])("%s is stored as %s", (typed, stored) => {
		expect(normalisePhone(typed)).toBe(stored);
	});

	it("registration and the account's phone accept every Russian spelling and keep the spec's message", () => {
		expect(answer(russianPhoneField, "8 916 123 45 67")).toBe("+79161234567");
		expect(answer(russianPhoneField, "+7 (916) 123-45-67")).toBe("+79161234567");
		expect(answer(russianPhoneField, "+7")).toBe("validation.phoneFormat");
		expect(answer(russianPhoneField, "8 916 123 45 6")).toBe("validation.phoneFormat");
		expect(answer(russianPhoneField, "+44 20 7946 0958")).toBe("validation.phoneFormat");
		expect(answer(russianPhoneField, "+7 916 123 45 67\n")).toBe("+79161234567");
		expect(answer(russianPhoneField, "+7 916\u2028123 45 67")).toBe("validation.phoneFormat");
	});

	it("the purchase form stores the same number the same way, and takes numbers from abroad", () => {
		expect(answer(contactPhoneField, "8 916 123 45 67")).toBe("+79161234567");
		expect(answer(contactPhoneField, "+7 (916) 123-45-67")).toBe("+79161234567");
		expect(answer(contactPhoneField, "+44 20 7946 0958")).toBe("+442079460958");
		expect(answer(contactPhoneField, "+7")).toBe("validation.phoneMin");
		expect(answer(contactPhoneField, "(((---)))  ")).toBe("validation.phoneMin");
		expect(answer(contactPhoneField, "+7 916 123\t45 67")).toBe("validation.phoneChars");
	});

	it("shows a Russian number in the groups people say aloud, any other as stored", () => {
		expect(formatPhone("+79161234567")).toBe("+7 916 123-45-67");
		expect(formatPhone("+442079460958")).toBe("+442079460958");
	});
});
