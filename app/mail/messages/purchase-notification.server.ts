import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { formatPhone } from "~/lib/phone";
import type { MailMessage } from "~/mail/layout.server";
import type { PurchaseRequest } from "~db/schema";
import { kindKey, priceAsShown } from "./request-facts.server";

/** The opening sentence says what the buyer asks for (never a bare code such as "(buy)"). */
function introKey(request: PurchaseRequest): string {
	if (request.kind === "similar") return "purchaseNotification.introSimilar";
	return request.price_shown === 1 ? "purchaseNotification.introPurchase" : "purchaseNotification.introPrice";
}

/** The gallery's message about one new request, in its reader's language. */
export async function purchaseNotificationMail(input: {
	request: PurchaseRequest;
	artistName: string;
	/** The username of the account the request was made from, if any. */
	account: string | undefined;
	language: Language;
	origin: string;
}): Promise<MailMessage> {
	const { request, artistName, account, language } = input;
	const t = await i18nServer.getFixedT(language, "mail");
	return {
		subject: t("purchaseNotification.subject", { projectName: request.project_name, id: request.id }),
		body: {
			heading: t("purchaseNotification.heading"),
			paragraphs: [t(introKey(request))],
			facts: [
				{ label: t("common.piece"), value: request.project_name },
				...(artistName ? [{ label: t("common.artist"), value: artistName }] : []),
				{ label: t("common.priceShown"), value: await priceAsShown(request, language) },
				{ label: t("common.kind"), value: t(kindKey(request)) },
				{ label: t("common.email"), value: request.email },
				{ label: t("common.phone"), value: formatPhone(request.phone) },
				{ label: t("purchaseNotification.account"), value: account ?? t("purchaseNotification.guest") },
				{ label: t("purchaseNotification.language"), value: t(`common.language.${request.language}`) },
			],
			action: {
				label: t("purchaseNotification.action"),
				// Straight to the request's own page: its thread, timeline and sale (issue #37).
				url: `${input.origin}/admin/requests/${request.id}`,
			},
			notes: [t("purchaseNotification.settingsNote")],
		},
	};
}
