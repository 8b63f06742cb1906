import { Link } from "@remix-run/react";
import { Phone } from "~/components/phone";
import { Price } from "~/components/price";
import { formatDate } from "~/lib/format";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { splitDuration } from "~/lib/working-time";
import type { RequestListRow } from "./route";

const tag =
	"ml-2 inline-block rounded-full bg-ink/5 px-2 py-0.5 text-xs font-normal whitespace-nowrap text-muted";

/**
 * One request: what was asked for and by whom, its status, unread buyer messages and time to first reply;
 * its number opens /admin/requests/<id>, where it is answered and its status changed.
 */
export function RequestRow({ request: item }: { request: RequestListRow }) {
	const { t, i18n } = useTranslation("admin");
	return (
		<tr
			className={cx("border-b border-line align-top", item.unread_by_staff > 0 && "bg-accent/5")}
			data-testid="request-row"
		>
			<td className="py-3 pr-4" data-label="#">
				<Link
					to={`/admin/requests/${item.id}`}
					aria-label={t("desk.list.open", { ns: "sale", id: item.id })}
					className="font-semibold underline-offset-2 hover:underline"
				>
					{item.id}
				</Link>
			</td>
			<td className="py-3 pr-4" data-label={t("requests.project")}>
				<div>
					{item.project_id ? (
						<Link
							to={`/project/${encodeURIComponent(item.project_id)}`}
							className="font-semibold hover:underline"
						>
							{item.project_name}
						</Link>
					) : (
						<span>
							{item.project_name} <span className="text-muted">({t("requests.projectRemoved")})</span>
						</span>
					)}
					{item.kind === "similar" ? <span className={tag}>{t("requests.similarWork")}</span> : null}
					{item.price_shown === 0 ? <span className={tag}>{t("requests.priceOnRequest")}</span> : null}
				</div>
				{item.unread_by_staff > 0 ? (
					<span className="mt-1 inline-block rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-ink">
						{t("desk.list.unread", { ns: "sale", count: item.unread_by_staff })}
					</span>
				) : null}
			</td>
			<td className="py-3 pr-4 whitespace-nowrap" data-label={t("requests.price")}>
				<Price value={item.project_price} />
			</td>
			<td className="min-w-0 py-3 pr-4" data-label={t("requests.contact")}>
				<div className="min-w-0">
					<a href={`mailto:${item.email}`} className="block break-all hover:underline">
						{item.email}
					</a>
					<Phone value={item.phone} link className="block text-muted hover:underline" />
				</div>
			</td>
			<td className="py-3 pr-4 whitespace-nowrap" data-label={t("requests.date")}>
				{formatDate(item.created_at, i18n.language, "dateTime")}
			</td>
			<td className="py-3 pr-4" data-label={t("requests.status")}>
				{t(`status.${item.status}`, { ns: "account" })}
			</td>
			<td className="py-3" data-label={t("desk.list.firstReply", { ns: "sale" })}>
				<FirstReply item={item} />
			</td>
		</tr>
	);
}

/** "answered in 2 h 5 min", "no reply yet", or the mark of a request waiting over a working day. */
function FirstReply({ item }: { item: RequestListRow }) {
	const { t } = useTranslation("sale");
	if (item.first_reply_at) {
		const { days, hours, minutes } = splitDuration(
			new Date(item.first_reply_at).getTime() - new Date(item.created_at).getTime(),
		);
		const time =
			days > 0
				? t("desk.list.days", { days, hours })
				: hours > 0
					? t("desk.list.hours", { hours, minutes })
					: t("desk.list.minutes", { minutes });
		return <span className="whitespace-nowrap">{t("desk.list.repliedIn", { time })}</span>;
	}
	if (item.overdue) {
		return (
			<strong className="text-accent" data-testid="reply-overdue">
				{t("desk.list.overdue")}
			</strong>
		);
	}
	return <span className="text-muted">{t("desk.list.noReply")}</span>;
}
