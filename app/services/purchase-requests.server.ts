import { type Kysely, sql } from "kysely";
import { snapshotOf } from "~/lib/activity";
import { db } from "~/lib/db.server";
import type { FormClaim } from "~/lib/form-token.server";
import { formatPrice, hasPrice } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { PHONE_DISPLAY, SALES_EMAIL } from "~/lib/site";
import { type Actor, recordActivity } from "~/models/activity.server";
import { claimFormToken, settleFormToken } from "~/models/form-submissions.server";
import { countMailTo, findWaitingMail, rewriteWaitingMail } from "~/models/outbox.server";
import { createPurchaseRequest, setRequestStatus } from "~/models/purchase-requests.server";
import { getSettings } from "~/models/settings.server";
import { getLanguageOfAddress } from "~/models/users.server";
import type { Database, PurchaseRequest, PurchaseRequestKind, PurchaseRequestStatus } from "~db/schema";
import { mailQueued, queueMail, renderMail } from "./mail.server";

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

const HOUR_MS = 60 * 60 * 1000;

/**
 * The gallery hears of each request at once up to this many an hour; past that burst (a flood through
 * the form, from many addresses) the rest wait in one digest, sent when its hour is up.
 */
const GALLERY_NOTIFICATIONS_PER_HOUR = 10;

/** A digest names this many requests; the rest it counts, and the requests page lists. */
const DIGEST_LISTED = 50;

/** The gallery's message about one new request, in its reader's language. */
async function queueGalleryNotification(
	trx: Kysely<Database>,
	input: {
		request: PurchaseRequest;
		artistName: string;
		adminEmail: string;
		language: Language;
		userId: number | null;
		origin: string;
	},
) {
	const { request, artistName, adminEmail, language } = input;
	const reference = `purchase_request:${request.id}`;
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

/**
 * A request past the gallery's hourly burst joins the digest that waits for its hour (or starts one, due
 * an hour from now). The digest is written again with every request it gains, so it names every request
 * since it began that got no message of its own; one that the sender has already taken is left alone and
 * a new digest begins with this request.
 */
async function gatherInGalleryDigest(
	trx: Kysely<Database>,
	input: { request: PurchaseRequest; adminEmail: string; language: Language; origin: string },
) {
	const { request, adminEmail } = input;
	const waiting = await findWaitingMail(trx, { to: adminEmail, kind: "purchase_digest" });
	const waitingSince = Number(/^purchase_requests_from:(\d+)$/.exec(waiting?.reference ?? "")?.[1]);
	if (waiting && waitingSince) {
		const content = await renderMail(trx, await galleryDigest(trx, { ...input, since: waitingSince }));
		if (await rewriteWaitingMail(trx, waiting.id, content)) return;
	}
	await queueMail(trx, {
		...(await galleryDigest(trx, { ...input, since: request.id })),
		kind: "purchase_digest",
		to: adminEmail,
		reference: `purchase_requests_from:${request.id}`,
		notBefore: new Date(Date.now() + HOUR_MS),
	});
}

/** The digest's message: every request from `since` on that had no notification of its own. */
async function galleryDigest(
	trx: Kysely<Database>,
	input: { since: number; language: Language; origin: string },
) {
	const { since, language, origin } = input;
	const unannounced = trx
		.selectFrom("purchase_requests")
		.where("purchase_requests.id", ">=", since)
		.where(({ not, exists, selectFrom }) =>
			not(
				exists(
					selectFrom("outbox")
						.select("outbox.id")
						.where("outbox.kind", "=", "purchase_notification")
						.where("outbox.reference", "=", sql<string>`${"purchase_request:"} || purchase_requests.id`),
				),
			),
		);
	const { total } = await unannounced
		.select((eb) => eb.fn.countAll<number>().as("total"))
		.executeTakeFirstOrThrow();
	const listed = await unannounced.selectAll().orderBy("purchase_requests.id").limit(DIGEST_LISTED).execute();
	const count = Number(total);
	const t = await i18nServer.getFixedT(language, "mail");
	return {
		language,
		origin,
		subject: t("purchaseDigest.subject", { count }),
		body: {
			heading: t("purchaseDigest.heading"),
			paragraphs: [t("purchaseDigest.intro", { limit: GALLERY_NOTIFICATIONS_PER_HOUR })],
			facts: listed.map((each) => ({
				label: `№ ${each.id}`,
				value: `${each.project_name} — ${each.email}, ${each.phone}`,
			})),
			action: { label: t("purchaseDigest.action"), url: `${origin}/admin/requests` },
			notes: [
				...(count > listed.length ? [t("purchaseDigest.more", { count: count - listed.length })] : []),
				t("purchaseNotification.settingsNote"),
			],
		},
	};
}

/**
 * Saves a purchase request and, in the same transaction, its mail: the gallery's notification (when the
 * settings ask for it) and the buyer's confirmation, each in its reader's language. If the transaction
 * fails, neither the request nor any message exists; if SMTP is down, the request is saved all the same.
 * With a `claim` the form's one-time token is used in that transaction too (a repeat writes nothing).
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
	claim?: FormClaim<PurchaseRequest>;
}): Promise<PurchaseRequest> {
	const request = await db.transaction().execute(async (trx) => {
		await claimFormToken(trx, input.claim);
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
			const recentNotifications = await countMailTo(trx, {
				to: adminEmail,
				kinds: ["purchase_notification"],
				since: new Date(Date.now() - HOUR_MS),
			});
			if (recentNotifications < GALLERY_NOTIFICATIONS_PER_HOUR) {
				await queueGalleryNotification(trx, {
					request,
					artistName,
					adminEmail,
					language,
					userId: input.userId,
					origin: input.origin,
				});
			} else {
				await gatherInGalleryDigest(trx, { request, adminEmail, language, origin: input.origin });
			}
		}

		const recent = await countMailTo(trx, {
			to: request.email,
			kinds: ["purchase_confirmation"],
			since: new Date(Date.now() - HOUR_MS),
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
		await settleFormToken(trx, input.claim, request);
		return request;
	});
	mailQueued();
	return request;
}

/** The statuses a buyer hears about: "new" is where every request starts, never news to its buyer. */
const STATUSES_TOLD_TO_BUYERS = ["in_progress", "done", "cancelled"] as const;
type StatusToldToBuyers = (typeof STATUSES_TOLD_TO_BUYERS)[number];

function isToldToBuyers(status: PurchaseRequestStatus): status is StatusToldToBuyers {
	return (STATUSES_TOLD_TO_BUYERS as readonly string[]).includes(status);
}

export type StatusChange =
	| { found: false }
	| { found: true; changed: boolean; mailed: boolean; request: PurchaseRequest };

/**
 * An admin moves a request to another status. When it really changes to in progress, done or cancelled and
 * the settings ask for it, the buyer is told in the language they made the request in, by a message
 * written in the same transaction as the status and its row in the audit trail: all happen or none does.
 */
export async function changeRequestStatus(input: {
	id: number;
	status: PurchaseRequestStatus;
	/** The public site, for the link in the message. */
	origin: string;
	/** The administrator who moves it. */
	actor?: Actor;
}): Promise<StatusChange> {
	const change = await db.transaction().execute(async (trx): Promise<StatusChange> => {
		const before = await setRequestStatus(input.id, input.status, trx);
		if (!before) return { found: false };
		const request: PurchaseRequest = { ...before, status: input.status };
		const changed = before.status !== input.status;
		await recordActivity(trx, input.actor, {
			entity: "request",
			entityId: request.id,
			label: request.project_name,
			action: "status_changed",
			before: snapshotOf("request", before),
			after: snapshotOf("request", request),
		});
		if (!changed || !isToldToBuyers(input.status)) return { found: true, changed, mailed: false, request };
		const settings = await getSettings(trx);
		if (settings.buyer_status_emails !== 1) return { found: true, changed, mailed: false, request };

		const language = request.language;
		const t = await i18nServer.getFixedT(language, "mail");
		const statusLabel = t(`requestStatus.statusLabel.${input.status}`);
		await queueMail(trx, {
			kind: "request_status",
			to: request.email,
			language,
			origin: input.origin,
			reference: `purchase_request:${request.id}`,
			subject: t("requestStatus.subject", { id: request.id, status: statusLabel }),
			body: {
				heading: t("requestStatus.heading"),
				paragraphs: [
					t(`requestStatus.${input.status}`, { projectName: request.project_name }),
					t("requestStatus.contact", { email: SALES_EMAIL, phone: PHONE_DISPLAY }),
				],
				facts: [
					{ label: t("common.piece"), value: request.project_name },
					{ label: t("common.status"), value: statusLabel },
					{ label: t("common.requestNumber"), value: `№ ${request.id}` },
				],
				...(request.project_id
					? {
							action: {
								label: t("requestStatus.action"),
								url: `${input.origin}/project/${encodeURIComponent(request.project_id)}`,
							},
						}
					: {}),
			},
		});
		return { found: true, changed, mailed: true, request };
	});
	if (change.found && change.mailed) mailQueued();
	return change;
}
