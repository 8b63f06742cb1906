import { db } from "~/lib/db.server";
import { formatPrice, hasPrice } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { PHONE_DISPLAY, SALES_EMAIL } from "~/lib/site";
import { countMailTo } from "~/models/outbox.server";
import { createPurchaseRequest } from "~/models/purchase-requests.server";
import { getSettings } from "~/models/settings.server";
import { getLanguageOfAddress } from "~/models/users.server";
import type { PurchaseRequest, PurchaseRequestKind } from "~db/schema";
import { mailQueued, queueMail } from "./mail.server";

/** Confirmations to one address per hour: a real buyer never needs more; the form cannot be used to flood an inbox. */
const CONFIRMATIONS_PER_ADDRESS_PER_HOUR = 5;

/** The request's price as the buyer saw it: a number, or "Price on request". */
export async function priceAsShown(request: PurchaseRequest, language: Language): Promise<string> {
	const t = await i18nServer.getFixedT(language, "mail");
	return request.price_shown === 1 && hasPrice(request.project_price)
		? formatPrice(request.project_price)
		: t("common.priceOnRequest");
}

const KIND_KEY: Record<PurchaseRequestKind | "price", string> = {
	purchase: "common.kindPurchase",
	price: "common.kindPrice",
	similar: "common.kindSimilar",
};

function kindKey(request: PurchaseRequest): string {
	if (request.kind === "similar") return KIND_KEY.similar;
	return request.price_shown === 1 ? KIND_KEY.purchase : KIND_KEY.price;
}

/**
 * Saves a purchase request and, in the same transaction, its mail: the gallery's notification (when the
 * settings ask for it) and the buyer's confirmation, each in its reader's language. If the transaction
 * fails, neither the request nor any message exists; if SMTP is down, the request is saved all the same.
 */
export async function submitPurchaseRequest(input: {
	projectId: string;
	email: string;
	phone: string;
	userId: number | null;
	kind: PurchaseRequestKind;
	language: Language;
	/** The public site, for the links in the messages. */
	origin: string;
}): Promise<PurchaseRequest> {
	const request = await db.transaction().execute(async (trx) => {
		const request = await createPurchaseRequest(input, trx);
		const artist = await trx
			.selectFrom("projects")
			.leftJoin("artists", "artists.id", "projects.artist_id")
			.select("artists.name")
			.where("projects.id", "=", input.projectId)
			.executeTakeFirst();
		const artistName = artist?.name ?? "";
		const settings = await getSettings(trx);
		const reference = `purchase_request:${request.id}`;

		const adminEmail = settings.admin_email.trim();
		if (settings.email_notifications === 1 && adminEmail) {
			const language = (await getLanguageOfAddress(adminEmail, trx)) ?? input.language;
			const t = await i18nServer.getFixedT(language, "mail");
			const account = input.userId
				? (await trx.selectFrom("users").select("username").where("id", "=", input.userId).executeTakeFirst())
						?.username
				: undefined;
			await queueMail(trx, {
				kind: "purchase_notification",
				to: adminEmail,
				language,
				origin: input.origin,
				reference,
				subject: t("purchaseNotification.subject", { projectName: request.project_name, id: request.id }),
				body: {
					heading: t("purchaseNotification.heading"),
					paragraphs: [t("purchaseNotification.intro", { kind: t(kindKey(request)).toLowerCase() })],
					facts: [
						{ label: t("common.piece"), value: request.project_name },
						...(artistName ? [{ label: t("common.artist"), value: artistName }] : []),
						{ label: t("common.priceShown"), value: await priceAsShown(request, language) },
						{ label: t("common.kind"), value: t(kindKey(request)) },
						{ label: t("common.email"), value: request.email },
						{ label: t("common.phone"), value: request.phone },
						{ label: t("purchaseNotification.account"), value: account ?? t("purchaseNotification.guest") },
						{ label: t("purchaseNotification.language"), value: t(`common.language.${request.language}`) },
					],
					action: {
						label: t("purchaseNotification.action"),
						url: `${input.origin}/admin/requests?${new URLSearchParams({ q: request.email })}`,
					},
					notes: [t("purchaseNotification.settingsNote")],
				},
			});
		}

		const recent = await countMailTo(trx, {
			to: request.email,
			kinds: ["purchase_confirmation"],
			since: new Date(Date.now() - 60 * 60 * 1000),
		});
		if (recent < CONFIRMATIONS_PER_ADDRESS_PER_HOUR) {
			const language = input.language;
			const t = await i18nServer.getFixedT(language, "mail");
			const intro =
				request.kind === "similar"
					? "purchaseConfirmation.introSimilar"
					: request.price_shown === 1
						? "purchaseConfirmation.introPurchase"
						: "purchaseConfirmation.introPrice";
			await queueMail(trx, {
				kind: "purchase_confirmation",
				to: request.email,
				language,
				origin: input.origin,
				reference,
				subject: t("purchaseConfirmation.subject", { projectName: request.project_name }),
				body: {
					heading: t("purchaseConfirmation.heading"),
					paragraphs: [
						t(intro, { projectName: request.project_name }),
						t("purchaseConfirmation.next"),
						t("purchaseConfirmation.contact", { email: SALES_EMAIL, phone: PHONE_DISPLAY }),
					],
					facts: [
						{ label: t("common.piece"), value: request.project_name },
						...(artistName ? [{ label: t("common.artist"), value: artistName }] : []),
						...(request.kind === "similar"
							? []
							: [{ label: t("common.price"), value: await priceAsShown(request, language) }]),
						{ label: t("common.phone"), value: request.phone },
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
			});
		}
		return request;
	});
	mailQueued();
	return request;
}
