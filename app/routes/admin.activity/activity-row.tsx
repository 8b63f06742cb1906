import { Link } from "@remix-run/react";
import { ChangeList } from "~/components/admin/change-list";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/translations";
import type { ActivityListEntry } from "./route";

const tag = "inline-block rounded-full bg-ink/5 px-2 py-0.5 text-xs font-semibold whitespace-nowrap";
/**
 * Long values (addresses, unbroken words) break rather than push a card off a phone; `break-word`, not
 * `anywhere`, so a table column is never squeezed narrower than its longest word ("cura-tor").
 */
const wrap = "[overflow-wrap:break-word]";

/** One change: when, who, what (linked while it exists) and its fields before → after. */
export function ActivityRow({ entry }: { entry: ActivityListEntry }) {
	const { t, i18n } = useTranslation("admin");
	// A CSV export is about the list, not one request.
	const label =
		entry.entity === "personal_data"
			? ""
			: entry.action === "exported"
				? t("activity.requestsExport")
				: entry.entity === "request"
					? t("activity.requestLabel", { id: entry.entityId, name: entry.label })
					: entry.label;
	const kind = t(`activity.entities.${entry.entity}`);
	// New and deleted things list every value they had: folded away, so the table stays readable.
	const wholeRecord = entry.action === "created" || entry.action === "deleted";
	return (
		<tr className="border-b border-line align-top" data-testid="activity-row">
			<td className="py-3 pr-4 whitespace-nowrap" data-label={t("activity.columns.when")}>
				<time dateTime={entry.createdAt}>{formatDate(entry.createdAt, i18n.language, "dateTime")}</time>
			</td>
			<td className="py-3 pr-4" data-label={t("activity.columns.who")}>
				<div className={`min-w-0 ${wrap}`}>
					{entry.actorId === null && entry.actorUsername.startsWith("@")
						? t(`activity.actors.${entry.actorUsername.slice(1)}`, { defaultValue: entry.actorUsername })
						: entry.actorUsername}
				</div>
			</td>
			<td className="min-w-0 py-3 pr-4" data-label={t("activity.columns.what")}>
				<div className={`flex min-w-0 flex-col items-start gap-1 ${wrap}`}>
					<span>
						<span className="text-muted">{kind}</span>
						{label ? (
							<>
								{" "}
								{entry.href ? (
									<Link to={entry.href} className="font-semibold underline-offset-4 hover:underline">
										{label}
									</Link>
								) : (
									<span className="font-semibold">{label}</span>
								)}
							</>
						) : null}
					</span>
					<span className={tag}>
						{t(
							entry.entity === "personal_data" && entry.action === "exported"
								? "activity.actions.exportedJson"
								: `activity.actions.${entry.action}`,
						)}
					</span>
				</div>
			</td>
			<td className="min-w-0 py-3" data-label={t("activity.columns.changes")}>
				<div className={`min-w-0 ${wrap}`}>
					{wholeRecord && entry.changes.length > 0 ? (
						<details>
							<summary className="cursor-pointer text-muted hover:text-ink">
								{t("activity.values", { count: entry.changes.length })}
							</summary>
							<ChangeList entity={entry.entity} changes={entry.changes} />
						</details>
					) : (
						<ChangeList entity={entry.entity} changes={entry.changes} />
					)}
				</div>
			</td>
		</tr>
	);
}
