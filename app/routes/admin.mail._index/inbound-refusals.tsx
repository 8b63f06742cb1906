import { Link } from "@remix-run/react";
import { AdminTable } from "~/components/admin/admin-table";
import { formatDate } from "~/lib/format";
import { isLanguage } from "~/lib/i18n";
import { useTranslation } from "~/lib/translations";

/** What the loader gives: null when replies by e-mail are not set up. */
export interface InboundSummary {
	refused: number;
	latest: { id: number; created_at: string; reason: string; request_id: number | null }[];
}

/**
 * Replies by e-mail on the mail page (issue #37, docs/decisions/0037): whether they are set up, how many
 * inbound messages were refused, and the latest refusals with why. Nothing refused ever reached a thread.
 */
export function InboundRefusals({ inbound }: { inbound: InboundSummary | null }) {
	const { t, i18n } = useTranslation("sale");
	const language = isLanguage(i18n.language) ? i18n.language : "en";
	return (
		<section aria-labelledby="inbound-title" className="mt-12" data-testid="inbound-mail">
			<h2 id="inbound-title" className="text-lg font-semibold">
				{t("inbound.title")}
			</h2>
			{inbound === null ? (
				<p className="mt-2 text-muted">{t("inbound.off")}</p>
			) : (
				<>
					<p className="mt-2">{t("inbound.refusedCount", { count: inbound.refused })}</p>
					{inbound.latest.length > 0 ? (
						<AdminTable
							caption={t("inbound.latest")}
							minWidth="md:min-w-[36rem]"
							className="mt-4"
							cards
							columns={[t("inbound.received"), t("inbound.reasonColumn"), t("inbound.request")]}
						>
							{inbound.latest.map((row) => (
								<tr key={row.id} className="border-b border-line align-top" data-testid="inbound-row">
									<td className="py-3 pr-4 whitespace-nowrap" data-label={t("inbound.received")}>
										{formatDate(row.created_at, language, "dateTime")}
									</td>
									<td className="py-3 pr-4" data-label={t("inbound.reasonColumn")}>
										{t(`inbound.reason.${row.reason}`, { defaultValue: row.reason })}
									</td>
									<td className="py-3" data-label={t("inbound.request")}>
										{row.request_id === null ? (
											"—"
										) : (
											<Link to={`/admin/requests/${row.request_id}`} className="hover:underline">
												№&nbsp;{row.request_id}
											</Link>
										)}
									</td>
								</tr>
							))}
						</AdminTable>
					) : null}
				</>
			)}
		</section>
	);
}
