import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import type { MailMessage } from "~/mail/layout.server";

/**
 * The sender of a reply by e-mail hears which of their files were not kept (issue #37, docs/decisions/0037):
 * the reply itself reached the thread; only pictures and PDFs up to 10 MB come with it.
 */
export async function inboundRefusedFilesMail(input: {
	requestId: number;
	projectName: string;
	files: string[];
	language: Language;
}): Promise<MailMessage> {
	const t = await i18nServer.getFixedT(input.language, "mail");
	return {
		subject: t("inboundMail.subject", { id: input.requestId }),
		body: {
			heading: t("inboundMail.heading"),
			paragraphs: [t("inboundMail.received", { files: input.files.join(", ") }), t("inboundMail.accepted")],
			facts: [
				{ label: t("common.piece"), value: input.projectName },
				{ label: t("common.requestNumber"), value: `№ ${input.requestId}` },
			],
		},
	};
}
