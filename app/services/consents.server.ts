import type { ConsentPurposeName } from "~/lib/consent";
import { postedConsentVersion } from "~/lib/consent";
import { db } from "~/lib/db.server";
import { getConsentText, recordConsent } from "~/models/consents.server";

/**
 * The version of the consent text a form says it showed, when that version exists for the purpose; null
 * otherwise (missing, forged, another purpose's). Never trusted from the client: an old version is fine
 * (the visitor read it before an administrator's edit), an unknown one is refused.
 */
export async function acceptedConsentVersion(
	formData: FormData,
	purpose: ConsentPurposeName,
): Promise<number | null> {
	const version = postedConsentVersion(formData);
	if (version === null) return null;
	return (await getConsentText(purpose, version)) ? version : null;
}

/**
 * A signed-in person withdraws a purpose's consent from the account page: recorded against the version
 * they last gave (the account's own records and, with a confirmed address, those given with it as a guest).
 */
export async function withdrawConsent(input: {
	purpose: ConsentPurposeName;
	version: number;
	user: { id: number; email: string };
	clientAddress: string;
}): Promise<void> {
	await db.transaction().execute((trx) =>
		recordConsent(trx, {
			purpose: input.purpose,
			version: input.version,
			action: "withdrawn",
			method: "account",
			userId: input.user.id,
			email: input.user.email,
			clientAddress: input.clientAddress,
		}),
	);
}
