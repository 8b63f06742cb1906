import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import type { StoredImage } from "~/lib/images";
import { formatPhone } from "~/lib/phone";
import { PHONE_DISPLAY } from "~/lib/site";
import type { MailMessage } from "~/mail/layout.server";
import type { PurchaseRequest } from "~db/schema";
import { mailPicture, priceAsShown } from "./request-facts.server";

/** The buyer's confirmation of a request, in the language of the page they sent it from. */
export async function purchaseConfirmationMail(input: {
	request: PurchaseRequest;
	artistName: string;
	/** The piece's main picture: shown small, from our own site. */
	picture?: StoredImage | null;
	language: Language;
	origin: string;
	/** Where buyers write about pieces (salesAddress in app/lib/site.ts). */
	salesEmail: string;
}): Promise<MailMessage> {
	const { request, artistName, language } = input;
	const t = await i18nServer.getFixedT(language, "mail");
	const intro =
		request.kind === "similar"
			? "purchaseConfirmation.introSimilar"
			: request.kind === "wait"
				? "purchaseConfirmation.introWait"
				: request.price_shown === 1
					? "purchaseConfirmation.introPurchase"
					: "purchaseConfirmation.introPrice";
	return {
		subject: t("purchaseConfirmation.subject", { projectName: request.project_name }),
		body: {
			heading: t("purchaseConfirmation.heading"),
			paragraphs: [
				t(intro, { projectName: request.project_name }),
				t("purchaseConfirmation.next"),
				t("purchaseConfirmation.contact", { email: input.salesEmail, phone: PHONE_DISPLAY }),
			],
			...(mailPicture(input.picture, input.origin, request.project_name) ?? {}),
			facts: [
				{ label: t("common.piece"), value: request.project_name },
				...(artistName ? [{ label: t("common.artist"), value: artistName }] : []),
				...(request.kind !== "purchase"
					? []
					: [{ label: t("common.price"), value: await priceAsShown(request, language) }]),
				{ label: t("common.phone"), value: formatPhone(request.phone) },
				{ label: t("common.requestNumber"), value: `№ ${request.id}` },
			],
			...(request.project_id
				? {
						action: {
							label: t("purchaseConfirmation.action"),
							url: `${input.origin}/project/${encodeURIComponent(request.project_id)}`,
						},
					}
				: {}),
			notes: [t("purchaseConfirmation.notYou")],
		},
	};
}
