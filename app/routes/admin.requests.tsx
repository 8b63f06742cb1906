import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { readFormData } from "~/lib/form.server";
import { formatPrice } from "~/lib/format";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { isRequestStatus, REQUEST_STATUSES } from "~/lib/request-status";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { adminMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useHydrated } from "~/lib/use-hydrated";
import { listRequests, setRequestStatus } from "~/models/purchase-requests.server";
import { requireAdmin } from "~/services/auth.server";

export const meta: MetaFunction<typeof loader> = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const requested = new URL(request.url).searchParams.get("status");
	const status = isRequestStatus(requested) ? requested : undefined;
	const [requests, t] = await Promise.all([
		listRequests(status),
		i18nServer.getFixedT(await getLanguage(request), "admin"),
	]);
	return data(
		{ title: t("requests.metaTitle"), status: status ?? null, requests },
		{ headers: { "Cache-Control": "no-store" } },
	);
}

const statusChange = z.object({
	id: z.coerce.number().int().positive(),
	status: z.enum(REQUEST_STATUSES),
	redirectTo: z.string().optional(),
});

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request);
	const parsed = statusChange.safeParse(Object.fromEntries(await readFormData(request)));
	if (!parsed.success) return data({ ok: false as const, error: "requests.notFound" }, { status: 400 });
	const updated = await setRequestStatus(parsed.data.id, parsed.data.status);
	if (!updated) return data({ ok: false as const, error: "requests.notFound" }, { status: 404 });
	// Without JavaScript the form posts normally and the page comes back with a toast.
	if (parsed.data.redirectTo !== undefined) {
		return redirectWithToast(safeRedirectPath(parsed.data.redirectTo, "/admin/requests"), {
			type: "success",
			title: "admin:requests.saved",
		});
	}
	return { ok: true as const };
}

export default function AdminRequests() {
	const { t, i18n } = useTranslation("admin");
	const { status, requests } = useLoaderData<typeof loader>();
	const dateFormat = new Intl.DateTimeFormat(i18n.language === "ru" ? "ru-RU" : "en-GB", {
		dateStyle: "medium",
		timeStyle: "short",
	});
	return (
		<div>
			<AdminPageHeader title={t("requests.title")}>
				<Form method="get" className="flex items-end gap-2">
					<div className="flex flex-col gap-1">
						<label htmlFor="status-filter" className="text-sm font-semibold">
							{t("requests.filter")}
						</label>
						<select
							id="status-filter"
							name="status"
							defaultValue={status ?? ""}
							className="h-10 rounded-lg border border-line bg-card px-3"
						>
							<option value="">{t("requests.all")}</option>
							{REQUEST_STATUSES.map((option) => (
								<option key={option} value={option}>
									{t(`status.${option}`, { ns: "account" })}
								</option>
							))}
						</select>
					</div>
					<button
						type="submit"
						className="h-10 rounded-lg border border-line px-4 text-sm font-semibold hover:border-ink"
					>
						{t("requests.apply")}
					</button>
				</Form>
			</AdminPageHeader>
			{requests.length === 0 ? (
				<p className="mt-10 text-muted">{status ? t("requests.emptyFiltered") : t("requests.empty")}</p>
			) : (
				<AdminTable
					caption={t("requests.title")}
					minWidth="min-w-[48rem]"
					columns={[
						"#",
						t("requests.project"),
						t("requests.price"),
						t("requests.contact"),
						t("requests.date"),
						t("requests.status"),
					]}
				>
					{requests.map((item) => (
						<tr key={item.id} className="border-b border-line align-top" data-testid="request-row">
							<td className="py-3 pr-4 text-muted">{item.id}</td>
							<td className="py-3 pr-4">
								{item.project_id ? (
									<Link to={`/project/${item.project_id}`} className="font-semibold hover:underline">
										{item.project_name}
									</Link>
								) : (
									<span>
										{item.project_name} <span className="text-muted">({t("requests.projectRemoved")})</span>
									</span>
								)}
							</td>
							<td className="py-3 pr-4 whitespace-nowrap">{formatPrice(item.project_price)}</td>
							<td className="py-3 pr-4">
								<a href={`mailto:${item.email}`} className="block hover:underline">
									{item.email}
								</a>
								<a
									href={`tel:${item.phone.replace(/[^\d+]/g, "")}`}
									className="block text-muted hover:underline"
								>
									{item.phone}
								</a>
							</td>
							<td className="py-3 pr-4 whitespace-nowrap">{dateFormat.format(new Date(item.created_at))}</td>
							<td className="py-3">
								<StatusForm id={item.id} status={item.status} />
							</td>
						</tr>
					))}
				</AdminTable>
			)}
		</div>
	);
}

/** Saves as soon as the select changes (with JavaScript); without it, a Save button posts the form. */
function StatusForm({ id, status }: { id: number; status: string }) {
	const { t } = useTranslation("admin");
	const fetcher = useFetcher<typeof action>();
	const hydrated = useHydrated();
	const location = useLocation();
	const pending = fetcher.formData?.get("status");
	const current = typeof pending === "string" ? pending : status;
	const selectId = `request-status-${id}`;
	return (
		<fetcher.Form method="post" className="flex items-center gap-2">
			<input type="hidden" name="id" value={id} />
			{hydrated ? null : (
				<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
			)}
			<label htmlFor={selectId} className="sr-only">
				{t("requests.statusFor", { id })}
			</label>
			<select
				id={selectId}
				name="status"
				value={current}
				onChange={(event) => fetcher.submit(event.currentTarget.form)}
				className="h-9 rounded-lg border border-line bg-card px-2"
			>
				{REQUEST_STATUSES.map((option) => (
					<option key={option} value={option}>
						{t(`status.${option}`, { ns: "account" })}
					</option>
				))}
			</select>
			{hydrated ? (
				<span aria-live="polite" className="text-xs text-muted">
					{fetcher.state === "idle" && fetcher.data?.ok ? t("requests.saved") : null}
				</span>
			) : (
				<button type="submit" className="h-9 rounded-lg border border-line px-3 text-xs font-semibold">
					{t("requests.save")}
				</button>
			)}
		</fetcher.Form>
	);
}
