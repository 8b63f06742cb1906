import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { PHONE_DISPLAY } from "~/lib/site";
import type { MailMessage } from "~/mail/layout.server";
import type { PurchaseRequest } from "~db/schema";

/** The buyer hears that their request is in progress, done or cancelled, in the request's language. */
export async function requestStatusMail(input: {
	request: PurchaseRequest;
	status: "in_progress" | "done" | "cancelled";
	language: Language;
	origin: string;
	/** Where buyers write about pieces (salesAddress in app/lib/site.ts). */
	salesEmail: string;
}): Promise<MailMessage> {
	const { request, status } = input;
	const t = await i18nServer.getFixedT(input.language, "mail");
	const statusLabel = t(`requestStatus.statusLabel.${status}`);
	return {
		subject: t("requestStatus.subject", { id: request.id, status: statusLabel }),
		body: {
			heading: t("requestStatus.heading"),
			paragraphs: [
				t(`requestStatus.${status}`, { projectName: request.project_name }),
				t("requestStatus.contact", { email: input.salesEmail, phone: PHONE_DISPLAY }),
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
	};
}
