import { data, redirect } from "@remix-run/node";
import { publicOrigin } from "~/lib/env.server";
import { readFormData } from "~/lib/form.server";
import { type FormOutcome, issueFormToken } from "~/lib/form-token.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { clientAddress } from "~/lib/rate-limit.server";
import { getCurrentConsentText } from "~/models/consents.server";
import { favouriteIntent } from "~/models/favourites.server";
import { getSettings } from "~/models/settings.server";
import { getUser, registrationAttempts } from "~/services/auth.server";
import { acceptedConsentVersion } from "~/services/consents.server";
import { registerAccount } from "~/services/email-verification.server";
import { answerFormPost, postOnce } from "~/services/form-tokens.server";
import { requireSiteOpen } from "~/services/maintenance.server";

/*
 * The registration page's loader and action. Apart from the route module so that the browser build sees
 * one server import there instead of eleven shared ones (each shared server module costs the page an
 * empty chunk).
 */

/** The form's one-time token (docs/decisions/0022): a repeated post makes no second account or mail. */
const TOKEN_SCOPE = "register";

/** The answer to a registration, whoever's address it was (and to its repeats). */
type Registered = { result?: undefined; sentTo: string };

export async function loadRegister(request: Request) {
	if (await getUser(request)) throw redirect("/account");
	const [settings, t, consent, favourite] = await Promise.all([
		getSettings(),
		i18nServer.getFixedT(await getLanguage(request), "account"),
		getCurrentConsentText("account"),
		favouriteIntent(new URL(request.url).searchParams.get("favourite")),
	]);
	const open = settings.allow_registration === 1;
	// Switched off in the admin's settings: the page says registration is closed (403, not indexed).
	return data(
		{
			title: t("register.metaTitle"),
			open,
			formToken: open ? issueFormToken(TOKEN_SCOPE) : null,
			consentVersion: consent?.version ?? null,
			// The piece a guest tapped ♥ on, saved with the new account (it shows once they sign in).
			favourite,
		},
		{ status: open ? 200 : 403 },
	);
}

export async function register(request: Request) {
	await requireSiteOpen(request);
	const formData = await readFormData(request);
	const { validateRegistration } = await import("./schema");
	const submission = validateRegistration(formData);
	const settings = await getSettings();
	if (settings.allow_registration !== 1) {
		return data({ result: submission.reply({ formErrors: ["register.errors.closed"] }) }, { status: 403 });
	}
	return postOnce(formData, TOKEN_SCOPE, {
		refused: (refusal) =>
			data(
				{ result: submission.reply({ formErrors: [refusal.message] }), formToken: refusal.formToken },
				{ status: refusal.httpStatus },
			),
		write: async (claim) => {
			if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
			// The ticked box is for the version of the text the form showed: one that exists (decision 0031).
			const consentVersion = await acceptedConsentVersion(formData, "account");
			if (consentVersion === null) {
				return data(
					{ result: submission.reply({ fieldErrors: { consent: ["validation.consentVersion"] } }) },
					{ status: 400 },
				);
			}
			// Every complete attempt counts, whatever the address, so the form cannot be used to send mail to
			// many addresses (the form's live validation never counts).
			const attempt = await registrationAttempts.hit(`address:${clientAddress(request)}`);
			if (!attempt.allowed) {
				return data(
					{ result: submission.reply({ formErrors: ["register.errors.tooManyAttempts"] }) },
					{ status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds) } },
				);
			}
			// A new address and a taken one get the same answer (and neither a session): signing a new account
			// in at once would tell anyone which addresses have one. The message sent to the address says the rest.
			const outcome = (): FormOutcome => ({ data: { sentTo: submission.value.email.trim() } });
			const favourite = await favouriteIntent(formData.get("favourite"));
			await registerAccount({
				...submission.value,
				favourite: favourite?.id,
				language: await getLanguage(request),
				origin: publicOrigin(request),
				consent: { version: consentVersion, clientAddress: clientAddress(request) },
				claim: claim(outcome),
			});
			return answerFormPost<Registered>(outcome());
		},
	});
}
