import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { consentTextPath } from "~/lib/consent";
import { formatDate } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { adminMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { ConsentTextForm } from "./consent-text-form";
import { loadConsentsAdmin, saveConsentTextAction } from "./consents.server";

export const meta: MetaFunction<typeof loader> = adminMeta;

/**
 * The consents to processing of personal data (issue #36, docs/decisions/0031): each purpose's text, edited
 * as a new version (earlier ones stay published at /consent/<purpose>?version=n), and the record of who
 * gave or withdrew which, found by e-mail or phone (`?q=`).
 */
export const loader = ({ request }: LoaderFunctionArgs) => loadConsentsAdmin(request);

export const action = ({ request }: ActionFunctionArgs) => saveConsentTextAction(request);

export type ConsentPurposeRow = ReturnType<typeof useLoaderData<typeof loader>>["purposes"][number];

export default function AdminConsents() {
	const { t, i18n } = useTranslation("admin");
	const { purposes } = useLoaderData<typeof loader>();
	const language = i18n.language as Language;
	return (
		<div>
			<AdminPageHeader title={t("consents.title")} />
			<p className="mt-3 max-w-2xl text-muted">{t("consents.intro")}</p>
			<ConsentLookup />
			{purposes.map((row) => (
				<section
					key={row.purpose}
					id={`consent-${row.purpose}`}
					aria-labelledby={`consent-${row.purpose}-title`}
					className="mt-14 scroll-mt-28"
				>
					<h2 id={`consent-${row.purpose}-title`} className="font-display text-2xl font-semibold">
						{t(`consents.purposes.${row.purpose}`)}
					</h2>
					{row.current ? (
						<p className="mt-2 text-sm text-muted" data-testid={`consent-${row.purpose}-current`}>
							{t("consents.current", {
								version: row.current.version,
								date: formatDate(row.current.createdAt, language),
							})}
						</p>
					) : null}
					<ConsentTextForm key={`${row.purpose}-${row.current?.version ?? 0}`} row={row} />
					<h3 className="mt-8 font-display text-lg font-semibold">{t("consents.versions")}</h3>
					<ul className="mt-3 flex flex-col gap-1.5 text-sm">
						{row.versions.map((version) => (
							<li key={version.version}>
								<a
									href={consentTextPath(row.purpose, version.version)}
									className="font-semibold underline underline-offset-4"
								>
									{t("consents.versionLink", { version: version.version })}
								</a>{" "}
								<span className="text-muted">
									{formatDate(version.createdAt, language, "dateTime")}
									{version.createdBy ? ` · ${version.createdBy}` : ""}
								</span>
							</li>
						))}
					</ul>
				</section>
			))}
		</div>
	);
}

/** "Find a person's consents": a GET form (works without JavaScript), then their records, newest first. */
function ConsentLookup() {
	const { t, i18n } = useTranslation("admin");
	const { query, found } = useLoaderData<typeof loader>();
	const language = i18n.language as Language;
	return (
		<section aria-labelledby="consent-lookup-title" className="mt-8 rounded-2xl border border-line p-6">
			<h2 id="consent-lookup-title" className="font-display text-xl font-semibold">
				{t("consents.lookup.title")}
			</h2>
			<Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
				<div className="flex min-w-[16rem] flex-1 flex-col gap-1.5">
					<label htmlFor="consent-lookup" className="text-sm font-semibold">
						{t("consents.lookup.label")}
					</label>
					<input
						id="consent-lookup"
						name="q"
						type="search"
						defaultValue={query}
						className="h-12 rounded-lg border border-line bg-card px-4 outline-none focus-visible:border-ink"
					/>
				</div>
				<button type="submit" className="button-primary">
					{t("consents.lookup.submit")}
				</button>
			</Form>
			{found === null ? null : found.length === 0 ? (
				<p className="mt-4 text-muted">{t("consents.lookup.none", { query })}</p>
			) : (
				<AdminTable
					caption={t("consents.lookup.caption", { count: found.length, query })}
					minWidth="md:min-w-[52rem]"
					className="mt-6"
					cards
					columns={[
						t("consents.columns.purpose"),
						t("consents.columns.version"),
						t("consents.columns.action"),
						t("consents.columns.when"),
						t("consents.columns.address"),
						t("consents.columns.method"),
						t("consents.columns.contact"),
					]}
				>
					{found.map((record) => (
						<tr key={record.id} className="border-b border-line align-middle" data-testid="consent-record">
							<td className="py-3 pr-4" data-label={t("consents.columns.purpose")}>
								{t(`consents.purposes.${record.purpose}`)}
							</td>
							<td className="py-3 pr-4" data-label={t("consents.columns.version")}>
								<a
									href={consentTextPath(record.purpose, record.version)}
									className="underline underline-offset-4"
								>
									{t("consents.versionLink", { version: record.version })}
								</a>
							</td>
							<td className="py-3 pr-4" data-label={t("consents.columns.action")}>
								{t(`consents.actions.${record.action}`)}
							</td>
							<td className="py-3 pr-4 whitespace-nowrap" data-label={t("consents.columns.when")}>
								<time dateTime={record.createdAt}>{formatDate(record.createdAt, language, "dateTime")}</time>
							</td>
							<td className="py-3 pr-4" data-label={t("consents.columns.address")}>
								{record.clientAddress}
							</td>
							<td className="py-3 pr-4" data-label={t("consents.columns.method")}>
								{t(`consents.methods.${record.method}`)}
							</td>
							<td className="py-3 break-all" data-label={t("consents.columns.contact")}>
								{[record.email, record.phone].filter(Boolean).join(" · ")}
								{record.requestId ? ` · ${t("consents.request", { id: record.requestId })}` : ""}
							</td>
						</tr>
					))}
				</AdminTable>
			)}
		</section>
	);
}
