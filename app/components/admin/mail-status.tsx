import { formatDate } from "~/lib/format";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";

/** How the outbox is emptied (services/mail.server.ts `mailDelivery`): by SMTP, kept for reading, or not at all. */
export type MailDeliveryView = "smtp" | "kept" | "undelivered";

export interface MailStatusView {
	status: "pending" | "sent" | "failed";
	attempts: number;
	next_attempt_at: string;
	last_error: string | null;
	sent_at: string | null;
}

/**
 * A message's state in words: sent (and when), waiting (its attempts, the next try, the last error) or
 * failed (its attempts and last error). Without SMTP in production, waiting reads "Undelivered".
 */
export function MailStatus({ message, delivery }: { message: MailStatusView; delivery: MailDeliveryView }) {
	const { t, i18n } = useTranslation("admin");
	const when = (value: string) => formatDate(value, i18n.language, "dateTime");
	const label = message.status === "pending" && delivery === "undelivered" ? "undelivered" : message.status;
	return (
		<div className="min-w-0">
			<span
				className={cx(
					"inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
					message.status === "sent" && "bg-ink/5 text-ink",
					message.status === "pending" && "bg-accent/10 text-ink",
					message.status === "failed" && "bg-accent text-accent-ink",
				)}
				data-testid="mail-status"
			>
				{t(`mail.statuses.${label}`)}
			</span>
			{message.status === "sent" && message.sent_at ? (
				<span className="mt-1 block text-xs text-muted">
					{t("mail.sentAt", { when: when(message.sent_at) })}
				</span>
			) : null}
			{message.status !== "sent" && message.attempts > 0 ? (
				<span className="mt-1 block text-xs text-muted">
					{t("mail.attempts", { count: message.attempts })}
					{message.status === "pending"
						? ` · ${t("mail.nextAttempt", { when: when(message.next_attempt_at) })}`
						: null}
				</span>
			) : null}
			{message.status !== "sent" && message.last_error ? (
				<span className="mt-1 block text-xs break-words text-muted">
					<span className="font-semibold">{t("mail.lastError")}:</span> {message.last_error}
				</span>
			) : null}
		</div>
	);
}
