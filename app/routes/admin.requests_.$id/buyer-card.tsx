import { Form, Link } from "@remix-run/react";
import { Phone } from "~/components/phone";
import { Price } from "~/components/price";
import { formatDate } from "~/lib/format";
import { useTranslation } from "~/lib/translations";
import { requestPath } from "./desk-schemas";
import type { DeskData } from "./route";

const card = "rounded-xl border border-line bg-card p-5";
const heading = "font-display text-lg font-semibold";

/** What was asked for and how to reach the buyer: mailto: and tel: links. */
export function BuyerCard({ request, buyerLink }: { request: DeskData["request"]; buyerLink: boolean }) {
	const { t, i18n } = useTranslation("sale");
	const kind = request.kind === "similar" ? "similar" : request.price_shown ? "purchase" : "price";
	return (
		<section aria-labelledby="desk-request" className={card}>
			<h2 id="desk-request" className={heading}>
				{t("desk.request")}
			</h2>
			<dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-sm">
				<dt className="text-muted">{t("desk.piece")}</dt>
				<dd className="min-w-0">
					{request.project_id ? (
						<Link
							to={`/project/${encodeURIComponent(request.project_id)}`}
							className="font-semibold hover:underline"
						>
							{request.project_name}
						</Link>
					) : (
						request.project_name
					)}
				</dd>
				<dt className="text-muted">{t("desk.price")}</dt>
				<dd>
					<Price value={request.project_price} />
				</dd>
				<dt className="text-muted">{t("desk.kind")}</dt>
				<dd>{t(`requests.kinds.${kind}`, { ns: "admin" })}</dd>
				<dt className="text-muted">{t("desk.received")}</dt>
				<dd>{formatDate(request.created_at, i18n.language, "dateTime")}</dd>
				<dt className="text-muted">{t("desk.language")}</dt>
				<dd>{t(`desk.languages.${request.language}`)}</dd>
				<dt className="text-muted">{t("desk.email")}</dt>
				<dd className="min-w-0 break-all">
					{request.email ? (
						<a href={`mailto:${request.email}`} className="hover:underline">
							{request.email}
						</a>
					) : (
						<span className="text-muted">{t("desk.erased")}</span>
					)}
				</dd>
				<dt className="text-muted">{t("desk.phone")}</dt>
				<dd>
					{request.phone ? (
						<Phone value={request.phone} link className="hover:underline" />
					) : (
						<span className="text-muted">{t("desk.erased")}</span>
					)}
				</dd>
			</dl>
			{buyerLink ? (
				// The private link the buyer's mails carry (thread, offers, replies by e-mail) can be stopped.
				<Form method="post" className="mt-4 border-t border-line pt-3 text-sm">
					<input type="hidden" name="intent" value="revoke-link" />
					<button type="submit" className="font-semibold underline underline-offset-4 hover:text-accent">
						{t("desk.revokeLink")}
					</button>
					<p className="mt-1 text-muted">{t("desk.revokeLinkHint")}</p>
				</Form>
			) : null}
			{request.note ? (
				// The single note field of before issue #37, kept as it was (notes are added below now).
				<div className="mt-4 border-t border-line pt-3 text-sm">
					<p className="text-muted">{t("desk.earlierNote")}</p>
					<p className="mt-1 whitespace-pre-wrap">{request.note}</p>
				</div>
			) : null}
		</section>
	);
}

/**
 * The buyer's other requests (the same address), one group per piece: one piece asked about is one case,
 * and the case of this request's piece comes first.
 */
export function OtherRequests({
	others,
	projectId,
}: {
	others: DeskData["others"];
	projectId: string | null;
}) {
	const { t, i18n } = useTranslation("sale");
	const groups = new Map<string, DeskData["others"]>();
	if (projectId && others.some((other) => other.project_id === projectId)) groups.set(projectId, []);
	for (const other of others) {
		const key = other.project_id ?? `removed:${other.project_name}`;
		groups.set(key, [...(groups.get(key) ?? []), other]);
	}
	return (
		<section aria-labelledby="desk-others" className={card}>
			<h2 id="desk-others" className={heading}>
				{t("desk.others")}
			</h2>
			{others.length === 0 ? (
				<p className="mt-3 text-sm text-muted">{t("desk.noOthers")}</p>
			) : (
				<ul className="mt-3 flex flex-col gap-3 text-sm">
					{[...groups.entries()].map(([key, requests]) => (
						<li key={key}>
							<p className="font-semibold">
								{requests[0]?.project_name}
								{key === projectId ? (
									<span className="ml-2 text-xs font-normal text-muted">{t("desk.samePiece")}</span>
								) : null}
							</p>
							<ul className="mt-1 flex flex-col gap-1">
								{requests.map((other) => (
									<li key={other.id}>
										<Link to={requestPath(other.id)} className="hover:underline">
											{t("desk.otherRequest", {
												id: other.id,
												date: formatDate(other.created_at, i18n.language),
												status: t(`status.${other.status}`, { ns: "account" }),
											})}
										</Link>
									</li>
								))}
							</ul>
						</li>
					))}
				</ul>
			)}
		</section>
	);
}
