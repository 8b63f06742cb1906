import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import * as z from "zod";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { ListPager, ListSummary } from "~/components/admin/list-controls";
import { ACTIVITY_ENTITIES, type ActivityEntity } from "~/lib/activity";
import { parseListQuery } from "~/lib/admin-list";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import {
	type ActivityEntry,
	findExistingTargets,
	latestActivityLabel,
	listActivity,
	listActivityActors,
} from "~/models/activity.server";
import { requireAdmin } from "~/services/auth.server";
import { ActivityRow } from "./activity-row";

const ACTIVITY_PATH = "/admin/activity";

/** ?entity=&admin=&id=&page=: anything else in the URL falls back to "all". */
const filterSchema = z.object({
	entity: z.enum(ACTIVITY_ENTITIES).optional().catch(undefined),
	admin: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
	id: z.string().trim().min(1).max(200).optional().catch(undefined),
});

/** Where the admin screens show the thing a row is about (a user by name, a request by its buyer's e-mail). */
function targetHref(entity: ActivityEntity, findBy: string): string {
	const encoded = encodeURIComponent(findBy);
	switch (entity) {
		case "project":
			return `/admin/projects/edit/${encoded}`;
		case "artist":
			return `/admin/artists?edit=${encoded}`;
		case "slide":
			return `/admin/slider?edit=${encoded}`;
		case "user":
			return `/admin/users?q=${encoded}`;
		case "request":
			return `/admin/requests?q=${encoded}`;
		case "settings":
			return "/admin/settings";
		case "mail":
			return `/admin/mail/${encoded}`;
		case "synonym":
			return `/admin/search?edit=${encoded}`;
		case "consent_text":
			return `/admin/consents#consent-${encoded}`;
		case "personal_data":
			return "/admin/personal-data";
	}
}

export const meta: MetaFunction<typeof loader> = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const params = new URL(request.url).searchParams;
	const one = (name: string) => params.get(name) || undefined;
	const filter = filterSchema.parse({ entity: one("entity"), admin: one("admin"), id: one("id") });
	// One thing's history needs its kind: an id alone names nothing.
	const entityId = filter.entity ? filter.id : undefined;
	const { page } = parseListQuery(params, ["date"], { sort: "date", dir: "desc" });
	const [list, actors, label, t] = await Promise.all([
		listActivity({ entity: filter.entity, entityId, actorId: filter.admin, page }),
		listActivityActors(),
		filter.entity && entityId ? latestActivityLabel(filter.entity, entityId) : undefined,
		i18nServer.getFixedT(await getLanguage(request), "admin"),
	]);
	const existing = await findExistingTargets(list.rows);
	const entries = list.rows.map((entry: ActivityEntry) => {
		const findBy = existing.get(`${entry.entity}:${entry.entityId}`);
		return { ...entry, href: findBy === undefined ? null : targetHref(entry.entity, findBy) };
	});
	return data(
		{
			title: t("activity.metaTitle"),
			filter: { entity: filter.entity ?? null, admin: filter.admin ?? null },
			history: entityId ? { label: label || entityId } : null,
			actors,
			entries,
			total: list.total,
			page: list.page,
			pageCount: list.pageCount,
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

export type ActivityListEntry = ReturnType<typeof useLoaderData<typeof loader>>["entries"][number];

export default function AdminActivity() {
	const { t } = useTranslation("admin");
	const { filter, history, actors, entries, total, page, pageCount } = useLoaderData<typeof loader>();
	const filtered = Boolean(filter.entity || filter.admin || history);
	return (
		<div>
			<AdminPageHeader title={t("activity.title")} />
			{history ? (
				<p className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
					<span className="font-semibold">{t("activity.historyOf", { label: history.label })}</span>
					<Link to={ACTIVITY_PATH} className="text-sm underline underline-offset-4 hover:text-ink">
						{t("activity.showAll")}
					</Link>
				</p>
			) : null}
			<ActivityFilter entity={filter.entity} admin={filter.admin} actors={actors} />
			{entries.length === 0 ? (
				<p className="mt-10 text-muted">{filtered ? t("activity.emptyFiltered") : t("activity.empty")}</p>
			) : (
				<>
					<ListSummary count={t("activity.count", { count: total })} page={page} pageCount={pageCount} />
					<AdminTable
						caption={t("activity.caption")}
						minWidth="md:min-w-[48rem]"
						className="mt-4"
						cards
						columns={[
							t("activity.columns.when"),
							t("activity.columns.who"),
							t("activity.columns.what"),
							t("activity.columns.changes"),
						]}
					>
						{entries.map((entry) => (
							<ActivityRow key={entry.id} entry={entry} />
						))}
					</AdminTable>
					<ListPager page={page} pageCount={pageCount} />
				</>
			)}
		</div>
	);
}

/** The filter: a plain GET form (kind and administrator), so it works without JavaScript; page 1 again. */
function ActivityFilter({
	entity,
	admin,
	actors,
}: {
	entity: ActivityEntity | null;
	admin: number | null;
	actors: Array<{ id: number; username: string }>;
}) {
	const { t } = useTranslation("admin");
	const location = useLocation();
	const selectClass = "h-10 max-w-full rounded-lg border border-line bg-card px-3";
	return (
		<Form
			method="get"
			action={location.pathname}
			aria-label={t("activity.filter")}
			className="mt-6 flex flex-wrap items-end gap-2"
		>
			<div className="flex min-w-0 flex-col gap-1">
				<label htmlFor="activity-entity" className="text-sm font-semibold">
					{t("activity.entity")}
				</label>
				<select id="activity-entity" name="entity" defaultValue={entity ?? ""} className={selectClass}>
					<option value="">{t("activity.allEntities")}</option>
					{ACTIVITY_ENTITIES.map((option) => (
						<option key={option} value={option}>
							{t(`activity.sections.${option}`)}
						</option>
					))}
				</select>
			</div>
			<div className="flex min-w-0 flex-col gap-1">
				<label htmlFor="activity-admin" className="text-sm font-semibold">
					{t("activity.actor")}
				</label>
				<select
					id="activity-admin"
					name="admin"
					defaultValue={admin === null ? "" : String(admin)}
					className={selectClass}
				>
					<option value="">{t("activity.allActors")}</option>
					{actors.map((actor) => (
						<option key={actor.id} value={actor.id}>
							{actor.username}
						</option>
					))}
				</select>
			</div>
			<button
				type="submit"
				className="h-10 rounded-lg border border-line px-4 text-sm font-semibold hover:border-ink"
			>
				{t("activity.apply")}
			</button>
		</Form>
	);
}
