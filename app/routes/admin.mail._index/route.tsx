import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import * as z from "zod";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { ListPager, ListSummary } from "~/components/admin/list-controls";
import { MailStatus } from "~/components/admin/mail-status";
import { parseListQuery, withParams } from "~/lib/admin-list";
import { formatDate } from "~/lib/format";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { replyAddressTemplate } from "~/lib/reply-address.server";
import { adminMeta } from "~/lib/seo";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { refusedInboundMail } from "~/models/inbound-mail.server";
import { countMailByStatus, listMail } from "~/models/outbox.server";
import { requireAdmin } from "~/services/auth.server";
import { mailDelivery } from "~/services/mail.server";
import { InboundRefusals, type InboundSummary } from "./inbound-refusals";

/** The filter's choices, in the outbox's own words (?status=pending reads "Waiting"). */
const MAIL_FILTERS = ["sent", "pending", "failed"] as const;
const filterSchema = z.enum(MAIL_FILTERS).optional().catch(undefined);

export const meta: MetaFunction<typeof loader> = adminMeta;

/** Replies by e-mail (its section) speak in the sale namespace. */
export const handle = { i18n: ["sale"] } satisfies I18nHandle;

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const params = new URL(request.url).searchParams;
	const status = filterSchema.parse(params.get("status") ?? undefined);
	const { page } = parseListQuery(params, ["date"], { sort: "date", dir: "desc" });
	const [list, counts, t, inbound] = await Promise.all([
		listMail({ status, page }),
		countMailByStatus(),
		i18nServer.getFixedT(await getLanguage(request), "admin"),
		inboundSummary(),
	]);
	return data(
		{
			title: t("mail.metaTitle"),
			status: status ?? null,
			delivery: mailDelivery(),
			counts,
			messages: list.rows,
			total: list.total,
			page: list.page,
			pageCount: list.pageCount,
			inbound,
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

/** Refused replies by e-mail, or null when replies by e-mail are not set up. */
async function inboundSummary(): Promise<InboundSummary | null> {
	if (replyAddressTemplate() === null) return null;
	const { total, latest } = await refusedInboundMail(10);
	return {
		refused: total,
		latest: latest.map(({ id, created_at, reason, request_id }) => ({ id, created_at, reason, request_id })),
	};
}

export default function AdminMail() {
	const { t, i18n } = useTranslation("admin");
	const { status, delivery, counts, messages, total, page, pageCount, inbound } =
		useLoaderData<typeof loader>();
	return (
		<div>
			<AdminPageHeader title={t("mail.title")} />
			{delivery === "smtp" ? null : (
				<p
					className="mt-4 rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm"
					data-testid="mail-not-sent"
				>
					{delivery === "undelivered" ? t("mail.noSmtpProduction") : t("mail.noSmtp")}
				</p>
			)}
			<StatusFilter current={status} counts={counts} />
			{messages.length === 0 ? (
				<p className="mt-10 text-muted">{status ? t("mail.emptyFiltered") : t("mail.empty")}</p>
			) : (
				<>
					<ListSummary count={t("mail.count", { count: total })} page={page} pageCount={pageCount} />
					<AdminTable
						caption={t("mail.title")}
						minWidth="md:min-w-[56rem]"
						className="mt-4"
						cards
						columns={[
							t("mail.created"),
							t("mail.to"),
							t("mail.subject"),
							t("mail.kindColumn"),
							t("mail.language"),
							t("mail.status"),
						]}
					>
						{messages.map((message) => (
							<tr key={message.id} className="border-b border-line align-top" data-testid="mail-row">
								<td className="py-3 pr-4 whitespace-nowrap" data-label={t("mail.created")}>
									{formatDate(message.created_at, i18n.language, "dateTime")}
								</td>
								<td className="min-w-0 py-3 pr-4 break-all" data-label={t("mail.to")}>
									{message.to_address}
								</td>
								<td className="min-w-0 py-3 pr-4" data-label={t("mail.subject")}>
									<Link to={`/admin/mail/${message.id}`} className="font-semibold hover:underline">
										{message.subject}
									</Link>
								</td>
								<td className="py-3 pr-4" data-label={t("mail.kindColumn")}>
									{t(`mail.kind.${message.kind}`, { defaultValue: message.kind })}
								</td>
								<td className="py-3 pr-4" data-label={t("mail.language")}>
									{t(`mail.languages.${message.language}`)}
								</td>
								<td className="py-3" data-label={t("mail.status")}>
									<MailStatus message={message} delivery={delivery} />
								</td>
							</tr>
						))}
					</AdminTable>
					<ListPager page={page} pageCount={pageCount} />
				</>
			)}
			<InboundRefusals inbound={inbound} />
		</div>
	);
}

/** All · Sent · Waiting · Failed, each with its count: plain links, so the filter works without JavaScript. */
function StatusFilter({
	current,
	counts,
}: {
	current: (typeof MAIL_FILTERS)[number] | null;
	counts: Record<(typeof MAIL_FILTERS)[number], number>;
}) {
	const { t } = useTranslation("admin");
	const location = useLocation();
	const all = counts.sent + counts.pending + counts.failed;
	const choices = [
		{ value: null, label: t("mail.all"), count: all },
		...MAIL_FILTERS.map((value) => ({ value, label: t(`mail.statuses.${value}`), count: counts[value] })),
	];
	return (
		<nav aria-label={t("mail.filter")} className="mt-6">
			<ul className="flex flex-wrap gap-2">
				{choices.map((choice) => {
					const selected = choice.value === current;
					return (
						<li key={choice.value ?? "all"}>
							<Link
								to={withParams(location, { status: choice.value, page: null })}
								aria-current={selected ? "page" : undefined}
								className={cx(
									"inline-flex h-9 items-center gap-2 rounded-full border px-4 text-sm font-semibold",
									selected ? "border-ink bg-ink text-paper" : "border-line hover:border-ink",
								)}
							>
								{choice.label}
								<span className={cx("text-xs", selected ? "text-paper/80" : "text-muted")}>
									{choice.count}
								</span>
							</Link>
						</li>
					);
				})}
			</ul>
		</nav>
	);
}
