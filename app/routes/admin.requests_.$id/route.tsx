import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { StaffSalePanel } from "~/components/sale/staff-sale-panel";
import { publicOrigin } from "~/lib/env.server";
import { readFormData } from "~/lib/form.server";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { requireAdmin } from "~/services/auth.server";
import { BuyerCard, OtherRequests } from "./buyer-card";
import {
	addNote,
	loadRequestDesk,
	requestIdOf,
	revokeBuyerLink,
	saveStatus,
	sendMessage,
} from "./desk.server";
import { MessageForm, NoteForm } from "./message-form";
import { StatusForm } from "./status-form";
import { Timeline } from "./timeline";

export const handle = { i18n: ["admin", "account", "sale"] } satisfies I18nHandle;

export const meta: MetaFunction<typeof loader> = adminMeta;

/**
 * The staff's one place per request (issue #37): the conversation with the buyer and the request's whole
 * timeline, internal notes, the buyer's contacts and other requests, the status with its mail, the sale.
 * `?template=<id>` starts the message with a canned reply (the "Insert" button without JavaScript).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const id = requestIdOf(params.id);
	const url = new URL(request.url);
	const desk = id
		? await loadRequestDesk({
				id,
				origin: publicOrigin(request),
				templateId: requestIdOf(url.searchParams.get("template") ?? undefined),
			})
		: null;
	if (!desk)
		throw await redirectWithToast("/admin/requests", { type: "error", title: "admin:requests.notFound" });
	const t = await i18nServer.getFixedT(await getLanguage(request), "sale");
	return data(
		{ title: t("desk.metaTitle", { id: desk.request.id, piece: desk.request.project_name }), ...desk },
		{ headers: { "Cache-Control": "no-store" } },
	);
}

/**
 * intent=message sends to the buyer, intent=note adds an internal note, intent=status saves the status,
 * intent=revoke-link stops the buyer's private link.
 */
export async function action({ request, params }: ActionFunctionArgs) {
	const admin = await requireAdmin(request);
	const id = requestIdOf(params.id);
	if (!id) throw data(null, { status: 404 });
	const formData = await readFormData(request);
	const intent = formData.get("intent");
	if (intent === "note") return addNote(formData, id, admin);
	if (intent === "status") return saveStatus(formData, id, admin, publicOrigin(request));
	if (intent === "revoke-link") return revokeBuyerLink(id, admin);
	return sendMessage(formData, id, admin, publicOrigin(request));
}

export type DeskData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminRequest() {
	const { t } = useTranslation("sale");
	const desk = useLoaderData<typeof loader>();
	const { request } = desk;
	return (
		<div>
			<Link to="/admin/requests" className="text-sm text-muted hover:text-ink">
				{t("desk.back")}
			</Link>
			<AdminPageHeader title={t("desk.title", { id: request.id })} />
			<div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
				<div className="flex min-w-0 flex-col gap-8">
					<Timeline desk={desk} />
					<MessageForm desk={desk} />
					<NoteForm count={desk.notes.length} />
				</div>
				<aside className="flex min-w-0 flex-col gap-8">
					<BuyerCard request={request} buyerLink={desk.buyerLink} />
					<StatusForm desk={desk} />
					<StaffSalePanel requestId={request.id} sale={desk.sale} />
					<OtherRequests others={desk.others} projectId={request.project_id} />
				</aside>
			</div>
		</div>
	);
}
