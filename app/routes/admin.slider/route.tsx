import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { DeleteConflict } from "~/components/admin/edit-conflict-notice";
import { DeleteConfirmation } from "~/components/ui/delete-confirmation";
import { FormAlert } from "~/components/ui/form-alert";
import { parseVersion, VERSION_FIELD } from "~/lib/edit-conflict";
import { issueFormToken } from "~/lib/form-token.server";
import { localized } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { listSlides } from "~/models/slides.server";
import { toStoredImage } from "~/models/stored-image.server";
import { requireAdmin } from "~/services/auth.server";
import { readUploadForm } from "~/services/image-upload.server";
import { changeSlideRow, SLIDE_ADD_TOKEN_SCOPE, saveSlide } from "./actions.server";
import { SlideForm } from "./slide-form";
import { SlideTableRow } from "./slide-row";
import { SLIDER_PATH } from "./slide-schema";

export const meta: MetaFunction<typeof loader> = adminMeta;

function positiveInt(value: string | null): number | null {
	const number = Number(value);
	return value && Number.isInteger(number) && number > 0 ? number : null;
}

/** The list; `?new`, `?edit=<id>` and `?delete=<id>` open the form or the confirm step (no JavaScript needed). */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const language = await getLanguage(request);
	const [slides, t] = await Promise.all([listSlides(), i18nServer.getFixedT(language, "admin")]);
	const params = new URL(request.url).searchParams;
	const editId = positiveInt(params.get("edit"));
	const deleteId = positiveInt(params.get("delete"));
	const rows = slides.map((slide) => ({
		id: slide.id,
		order: slide.sort_order,
		title: localized(language, slide.title_en, slide.title_ru),
		subtitle: localized(language, slide.subtitle_en, slide.subtitle_ru),
		titleEn: slide.title_en,
		titleRu: slide.title_ru,
		subtitleEn: slide.subtitle_en,
		subtitleRu: slide.subtitle_ru,
		category: slide.category,
		isActive: slide.is_active === 1,
		image: toStoredImage(slide),
		version: slide.version,
	}));
	const deleting = deleteId ? rows.find((slide) => slide.id === deleteId) : undefined;
	return data(
		{
			title: t("slider.metaTitle"),
			slides: rows,
			creating: params.has("new"),
			// The add form's one-time token (docs/decisions/0022).
			formToken: params.has("new") ? issueFormToken(SLIDE_ADD_TOKEN_SCOPE) : null,
			editing: editId ? (rows.find((slide) => slide.id === editId) ?? null) : null,
			// The delete link carries the version the list showed; the confirm step deletes only that one.
			deleting: deleting
				? { ...deleting, version: parseVersion(params.get(VERSION_FIELD)) ?? deleting.version }
				: null,
			missing: (editId !== null || deleteId !== null) && !rows.some((s) => s.id === (editId ?? deleteId)),
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

/** intent=save is the add/edit form; toggle, move and delete are a row's small forms. */
export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request);
	const formData = await readUploadForm(request);
	return formData.get("intent") === "save"
		? saveSlide(formData, await getLanguage(request), admin)
		: changeSlideRow(formData, admin);
}

export type SlideRow = ReturnType<typeof useLoaderData<typeof loader>>["slides"][number];

export default function AdminSlider() {
	const { t } = useTranslation("admin");
	const { slides, creating, editing, deleting, missing, formToken } = useLoaderData<typeof loader>();
	const actionData = useActionData<typeof action>();
	const rowError = actionData?.intent === "row" && !actionData.ok ? actionData.error : null;
	const deleteConflict = actionData?.intent === "delete" ? actionData.deleteConflict : null;
	const formOpen = creating || editing !== null;
	return (
		<div>
			<AdminPageHeader title={t("slider.title")}>
				{formOpen ? null : (
					<Link to="?new" className="button-primary">
						{t("slider.add")}
					</Link>
				)}
			</AdminPageHeader>
			{missing || rowError ? (
				<div className="mt-6">
					<FormAlert title={t("slider.errorTitle")} messages={[t(rowError ?? "slider.errors.notFound")]} />
				</div>
			) : null}
			{deleteConflict ? (
				<DeleteConfirmation
					name="delete-slide"
					id={deleteConflict.id}
					action={SLIDER_PATH}
					title={t("slider.confirmTitle", { title: deleteConflict.title })}
					text={t("conflicts.deleteChanged", { name: deleteConflict.title })}
					confirmLabel={t("conflicts.deleteAnyway")}
					pendingLabel={t("slider.deleting")}
					cancelLabel={t("slider.cancel")}
					version={deleteConflict.conflict.version}
				>
					<DeleteConflict entity="slide" conflict={deleteConflict.conflict} />
				</DeleteConfirmation>
			) : deleting ? (
				<DeleteConfirmation
					name="delete-slide"
					id={deleting.id}
					version={deleting.version}
					action={SLIDER_PATH}
					title={t("slider.confirmTitle", { title: deleting.title })}
					text={t("slider.confirmText")}
					confirmLabel={t("slider.confirmDelete")}
					pendingLabel={t("slider.deleting")}
					cancelLabel={t("slider.cancel")}
				/>
			) : null}
			{formOpen ? <SlideForm key={editing?.id ?? "new"} slide={editing} formToken={formToken} /> : null}
			{slides.length === 0 ? (
				<p className="mt-10 text-muted">{t("slider.empty")}</p>
			) : (
				<AdminTable
					caption={t("slider.caption")}
					minWidth="min-w-[60rem]"
					columns={[
						t("slider.order"),
						t("slider.image"),
						t("slider.slideTitle"),
						t("slider.subtitle"),
						t("slider.category"),
						t("slider.active"),
						t("slider.actions"),
					]}
				>
					{slides.map((slide, index) => (
						<SlideTableRow
							key={slide.id}
							slide={slide}
							first={index === 0}
							last={index === slides.length - 1}
						/>
					))}
				</AdminTable>
			)}
		</div>
	);
}
