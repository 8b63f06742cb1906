import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import * as z from "zod";
import { CONSENT_PURPOSES } from "~/lib/consent";
import { readFormData } from "~/lib/form.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { redirectWithToast } from "~/lib/toast.server";
import {
	type ConsentText,
	ConsentTextChangedError,
	findConsentsByContact,
	listConsentTexts,
	saveConsentText,
} from "~/models/consents.server";
import { requireAdmin } from "~/services/auth.server";

/** The longest consent text an administrator may save: a few pages, far more than a consent needs. */
const MAX_CONSENT_TEXT = 20_000;

const bodyField = z
	.string({ error: "admin:consents.errors.bodyRequired" })
	.trim()
	.min(1, "admin:consents.errors.bodyRequired")
	.max(MAX_CONSENT_TEXT, "admin:consents.errors.bodyTooLong");

/** The editor of one purpose's text: both languages, and the version it was opened at. */
export const consentTextSchema = z.object({
	purpose: z.enum(CONSENT_PURPOSES),
	basedOn: z.coerce.number().int().min(0),
	bodyRu: bodyField,
	bodyEn: bodyField,
});

/** /admin/consents: each purpose's text (current and earlier versions) and a lookup of a person's consents. */
export async function loadConsentsAdmin(request: Request) {
	await requireAdmin(request);
	const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 254);
	const [purposes, found, t] = await Promise.all([
		Promise.all(
			CONSENT_PURPOSES.map(async (purpose) => {
				const versions = await listConsentTexts(purpose);
				const current = versions[0];
				return {
					purpose,
					current: current
						? {
								version: current.version,
								bodyEn: current.body_en,
								bodyRu: current.body_ru,
								createdAt: current.created_at,
							}
						: null,
					versions: versions.map((text) => ({
						version: text.version,
						createdAt: text.created_at,
						createdBy: text.created_by,
					})),
				};
			}),
		),
		query ? findConsentsByContact(query) : Promise.resolve(null),
		i18nServer.getFixedT(await getLanguage(request), "admin"),
	]);
	return data(
		{ title: t("consents.metaTitle"), purposes, query, found },
		{ headers: { "Cache-Control": "no-store" } },
	);
}

/**
 * Saves a purpose's new wording as its next version. Opened at an older version than the current one (another
 * administrator saved meanwhile, or the same form was posted twice), it is refused with 409 and the typed
 * text kept, so nobody's wording is replaced unseen.
 */
export async function saveConsentTextAction(request: Request) {
	const admin = await requireAdmin(request);
	const formData = await readFormData(request);
	const submission = parseWithZod(formData, { schema: consentTextSchema });
	const purpose = formData.get("purpose");
	if (submission.status !== "success") return data({ purpose, result: submission.reply() }, { status: 400 });
	const { value } = submission;
	let saved: ConsentText;
	try {
		saved = await saveConsentText({ ...value, actor: admin });
	} catch (error) {
		if (!(error instanceof ConsentTextChangedError)) throw error;
		return data(
			{ purpose, result: submission.reply({ formErrors: ["admin:consents.errors.changed"] }) },
			{ status: 409 },
		);
	}
	return redirectWithToast(`/admin/consents#consent-${value.purpose}`, {
		type: "success",
		title: "admin:consents.saved",
		values: { version: saved.version },
	});
}
