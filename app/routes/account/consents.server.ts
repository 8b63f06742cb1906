import { isConsentPurpose } from "~/lib/consent";
import { clientAddress } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { currentConsentsOfUser } from "~/models/consents.server";
import { getSettings } from "~/models/settings.server";
import { withdrawConsent } from "~/services/consents.server";
import type { User } from "~db/schema";

/** The account page's list: each purpose the person consented to, with its standing (given or withdrawn). */
export async function loadAccountConsents(user: User) {
	const consents = await currentConsentsOfUser(user);
	return consents.map((record) => ({
		purpose: record.purpose,
		version: record.version,
		action: record.action,
		createdAt: record.createdAt,
	}));
}

/**
 * intent=withdraw-consent&purpose=…: records the withdrawal of a consent the person has given (the version
 * they gave), method "account". Withdrawing the purchase consent says how long requests are kept; the
 * account consent cannot be withdrawn while the account exists, so the answer leads to deleting it.
 */
export async function withdrawAccountConsent(request: Request, user: User, formData: FormData) {
	const purpose = formData.get("purpose");
	// Only a hand-made post names no purpose of ours.
	if (!isConsentPurpose(purpose)) throw new Response("Bad Request", { status: 400 });
	const standing = (await currentConsentsOfUser(user)).find((record) => record.purpose === purpose);
	if (standing?.action === "given") {
		await withdrawConsent({
			purpose,
			version: standing.version,
			user,
			clientAddress: clientAddress(request),
		});
	}
	if (purpose === "account") {
		return redirectWithToast("/account#delete-account", {
			type: "info",
			title: "account:consents.withdrawnTitle",
			description: "account:consents.withdrawnAccount",
		});
	}
	const settings = await getSettings();
	return redirectWithToast("/account#consents", {
		type: "success",
		title: "account:consents.withdrawnTitle",
		description: "account:consents.withdrawnPurchase",
		values: { count: settings.retention_months },
	});
}
