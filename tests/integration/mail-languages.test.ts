import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { updateSettings } from "~/models/settings.server";
import { createUser } from "~/models/users.server";
import { action as requestAction } from "~/routes/project.$id_.request";
import { action as registerAction } from "~/routes/register/route";
import { GIVEN_CONSENT } from "../support/consent";
import { countedFormRequest } from "../support/form-tokens";
import { smtpDeliveryForEachTest } from "../support/mail-delivery";
import { settle, statusOf } from "../support/requests";

/**
 * The messages whose language is not the page's: the gallery's notification is written in the language of
 * the administrator who reads it, the "someone tried to register" warning in its owner's. Each delivered by
 * a real SMTP server and read as it arrived, in English and in Russian.
 */

const PROJECT = "terra-modular-sofa";

const { deliverTo } = smtpDeliveryForEachTest();

let address = 0;
const nextIp = () => `198.19.0.${++address}`;

describe.each([
	{ language: "en" as const, notification: /^New request № \d+: /, warning: "Someone tried to register" },
	{ language: "ru" as const, notification: /^Новая заявка № \d+: /, warning: "Кто-то пытался" },
])("mail in its reader's language ($language)", ({ language, notification, warning }) => {
	const other = language === "en" ? "ru" : "en";

	it("writes the gallery's notification in its administrator's language, whatever the buyer's", async () => {
		const admin = await createUser({
			email: `keeper-${language}@forma.example`,
			phone: null,
			password: "a-long-password",
			role: "admin",
			language,
		});
		await updateSettings({ emailNotifications: true, adminEmail: admin.email });
		const request = await countedFormRequest(
			`/project/${PROJECT}/request?lng=${other}`,
			{ ...GIVEN_CONSENT, email: "buyer@example.com", phone: "+79161234567" },
			{ headers: { "X-Forwarded-For": nextIp() } },
		);
		const response = await settle(() =>
			requestAction({
				request,
				params: { id: PROJECT },
				context: {},
			}),
		);
		expect(statusOf(response)).toBe(200);
		const mail = await deliverTo(admin.email);
		expect(mail.subject).toMatch(notification);
		expect(mail.language).toBe(language);
		expect(mail.text).toContain("buyer@example.com");
		// The phone as people read it (decision 0034).
		expect(mail.text).toContain("+7 916 123-45-67");
		// Straight to the request's own page (issue #37).
		expect(mail.text).toMatch(/\/admin\/requests\/\d+\n/);
		expect(mail.html).toContain("buyer@example.com");
	});

	it("warns an address's owner that someone tried to register it, in the owner's language", async () => {
		await createUser({
			email: `owner-${language}@example.com`,
			phone: null,
			password: "a-long-password",
			language,
		});
		const response = await registerAction({
			request: await countedFormRequest(
				`/register?lng=${other}`,
				{
					...GIVEN_CONSENT,
					email: `owner-${language}@example.com`,
					phone: "+79161234567",
					password: "another-password",
				},
				{ headers: { "X-Forwarded-For": nextIp() } },
			),
			params: {},
			context: {},
		});
		expect((response as { init?: ResponseInit }).init?.status ?? 200).toBe(200);
		const mail = await deliverTo(`owner-${language}@example.com`);
		expect(mail.subject).toContain(warning);
		expect(mail.language).toBe(language);
		expect(mail.text).toMatch(/http:\/\/localhost\/forgot-password/);
		const accounts = await db
			.selectFrom("users")
			.select("id")
			.where("email", "=", `owner-${language}@example.com`)
			.execute();
		expect(accounts).toHaveLength(1);
	});
});
