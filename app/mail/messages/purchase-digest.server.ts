import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import type { MailMessage } from "~/mail/layout.server";
import type { PurchaseRequest } from "~db/schema";

/**
 * The gallery's digest of the requests past its hourly burst: the first of them listed, the rest counted
 * (the requests page lists them all).
 */
export async function purchaseDigestMail(input: {
	/** How many requests it is about. */
	count: number;
	listed: PurchaseRequest[];
	/** The hourly burst past which requests wait for the digest. */
	limit: number;
	language: Language;
	origin: string;
}): Promise<MailMessage> {
	const { count, listed, origin } = input;
	const t = await i18nServer.getFixedT(input.language, "mail");
	return {
		subject: t("purchaseDigest.subject", { count }),
		body: {
			heading: t("purchaseDigest.heading"),
			paragraphs: [t("purchaseDigest.intro", { limit: input.limit })],
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
