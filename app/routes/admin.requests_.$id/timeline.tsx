import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatDate } from "~/lib/format";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import type { DeskData } from "./route";

type Entry =
	| { type: "received"; at: string; key: string }
	| { type: "message"; at: string; key: string; message: DeskData["thread"][number] }
	| { type: "note"; at: string; key: string; note: DeskData["notes"][number] }
	| { type: "event"; at: string; key: string; event: DeskData["events"][number] }
	| { type: "mail"; at: string; key: string; mail: DeskData["mails"][number] };

/** Messages, notes, steps and mails in one list, oldest first (a tie keeps the order they were written). */
function timelineOf(desk: DeskData): Entry[] {
	const entries: Entry[] = [
		{ type: "received", at: desk.request.created_at, key: "received" },
		...desk.thread.map((message) => ({
			type: "message" as const,
			at: message.created_at,
			key: `m${message.id}`,
			message,
		})),
		...desk.notes.map((note) => ({ type: "note" as const, at: note.created_at, key: `n${note.id}`, note })),
		...desk.events.map((event) => ({
			type: "event" as const,
			at: event.created_at,
			key: `e${event.id}`,
			event,
		})),
		...desk.mails.map((mail) => ({ type: "mail" as const, at: mail.created_at, key: `o${mail.id}`, mail })),
	];
	return entries
		.map((entry, index) => ({ entry, index }))
		.sort((a, b) => (a.entry.at < b.entry.at ? -1 : a.entry.at > b.entry.at ? 1 : a.index - b.index))
		.map(({ entry }) => entry);
}

/**
 * The request's whole story for staff: the conversation with the buyer (author, time, read state), the
 * internal notes (marked as such: buyers never see them), status changes and the sale's steps, and every
 * mail sent for it.
 */
export function Timeline({ desk }: { desk: DeskData }) {
	const { t } = useTranslation("sale");
	const unread = new Set(desk.unreadIds);
	return (
		<section aria-labelledby="thread" className="min-w-0">
			<h2 id="thread" className="font-display text-xl font-semibold">
				{t("desk.timeline")}
			</h2>
			<ol className="mt-4 flex flex-col gap-3" data-testid="timeline">
				{timelineOf(desk).map((entry) => (
					<li key={entry.key}>
						<TimelineEntry entry={entry} unread={unread} />
					</li>
				))}
			</ol>
		</section>
	);
}

function TimelineEntry({ entry, unread }: { entry: Entry; unread: Set<number> }) {
	const { t } = useTranslation("sale");
	switch (entry.type) {
		case "received":
			return <Step at={entry.at}>{t("desk.received")}</Step>;
		case "message":
			return <Message message={entry.message} isNew={unread.has(entry.message.id)} />;
		case "note":
			return (
				<article
					aria-label={t("desk.noteBy", { author: entry.note.author_name })}
					className="rounded-xl border border-dashed border-line bg-ink/5 p-4"
				>
					<Header
						at={entry.at}
						who={t("desk.noteBy", { author: entry.note.author_name })}
						tag={t("desk.internal")}
					/>
					<p className="mt-2 whitespace-pre-wrap">{entry.note.body}</p>
				</article>
			);
		case "event":
			return <Step at={entry.at}>{<EventText event={entry.event} />}</Step>;
		case "mail":
			return (
				<Step at={entry.at}>
					<Link to={`/admin/mail/${entry.mail.id}`} className="hover:underline">
						{t("desk.mailSent", {
							kind: t(`mail.kind.${entry.mail.kind}`, { ns: "admin", defaultValue: entry.mail.kind }),
							to: entry.mail.to_address,
						})}
					</Link>{" "}
					<span className="text-muted">
						({t(`mail.statuses.${entry.mail.status}`, { ns: "admin" })}): {entry.mail.subject}
					</span>
				</Step>
			);
	}
}

function EventText({ event }: { event: DeskData["events"][number] }) {
	const { t } = useTranslation("sale");
	const actor = event.actor_name;
	if (event.kind === "status_changed") {
		const status = (value: unknown) => t(`status.${String(value)}`, { ns: "account" });
		return (
			<>
				{t(event.details.notified ? "timeline.status_changed_notified" : "timeline.status_changed", {
					from: status(event.details.from),
					to: status(event.details.to),
				})}
				{actor ? <span className="text-muted"> · {actor}</span> : null}
			</>
		);
	}
	return (
		<>
			{t(`timeline.${event.kind}`, { ...event.details, defaultValue: event.kind })}
			{actor ? <span className="text-muted"> · {actor}</span> : null}
		</>
	);
}

/** One line of the story that is not a message or a note. */
function Step({ at, children }: { at: string; children: ReactNode }) {
	const { i18n } = useTranslation("sale");
	return (
		<p className="flex flex-wrap gap-x-3 px-1 text-sm">
			<time dateTime={at} className="text-muted whitespace-nowrap">
				{formatDate(at, i18n.language, "dateTime")}
			</time>
			<span className="min-w-0">{children}</span>
		</p>
	);
}

function Header({ at, who, tag }: { at: string; who: string; tag?: ReactNode }) {
	const { i18n } = useTranslation("sale");
	return (
		<p className="flex flex-wrap items-baseline gap-x-3 text-sm">
			<span className="font-semibold">{who}</span>
			<time dateTime={at} className="text-muted">
				{formatDate(at, i18n.language, "dateTime")}
			</time>
			{tag ? <span className="text-xs text-muted">{tag}</span> : null}
		</p>
	);
}

function Message({ message, isNew }: { message: DeskData["thread"][number]; isNew: boolean }) {
	const { t, i18n } = useTranslation("sale");
	const fromBuyer = message.author === "buyer";
	const who = fromBuyer ? t("desk.buyer") : message.author_name || t("desk.gallery");
	const read = message.read_at
		? t(fromBuyer ? "desk.readByStaff" : "desk.readByBuyer", {
				when: formatDate(message.read_at, i18n.language, "dateTime"),
			})
		: t(fromBuyer ? "desk.unreadByStaff" : "desk.unreadByBuyer");
	return (
		<article
			aria-label={t("desk.messageFrom", { author: who })}
			className={cx(
				"rounded-xl border p-4",
				fromBuyer ? "border-line bg-card" : "ml-8 border-ink/20 bg-paper max-sm:ml-4",
				isNew && "border-accent",
			)}
			data-testid="message"
		>
			<Header
				at={message.created_at}
				who={who}
				tag={
					<>
						{message.via === "email" ? `${t("desk.viaEmail")} · ` : null}
						{isNew ? <strong className="text-accent">{t("desk.new")}</strong> : read}
					</>
				}
			/>
			<p className="mt-2 whitespace-pre-wrap break-words">{message.body}</p>
			{message.attachments.length > 0 ? (
				<ul className="mt-2 text-sm text-muted">
					{message.attachments.map((attachment) => (
						<li key={attachment.id}>{t("desk.attachment", { name: attachment.filename })}</li>
					))}
				</ul>
			) : null}
		</article>
	);
}
