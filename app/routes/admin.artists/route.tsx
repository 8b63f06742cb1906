import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { DeleteConflict } from "~/components/admin/edit-conflict-notice";
import { DeleteConfirmation } from "~/components/ui/delete-confirmation";
import { FormAlert } from "~/components/ui/form-alert";
import { ARTISTS_PATH } from "~/lib/artist-form";
import { parseVersion, VERSION_FIELD } from "~/lib/edit-conflict";
import { issueFormToken } from "~/lib/form-token.server";
import { localized } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { listArtistsWithWorkCount } from "~/models/artists.server";
import { toStoredImage } from "~/models/stored-image.server";
import { requireAdmin } from "~/services/auth.server";
import { readUploadForm } from "~/services/image-upload.server";
import { ARTIST_ADD_TOKEN_SCOPE, removeArtist, saveArtist } from "./actions.server";
import { ArtistForm } from "./artist-form";
import { ArtistTableRow } from "./artist-row";

export const meta: MetaFunction<typeof loader> = adminMeta;

/** The list; `?new`, `?edit=<id>` and `?delete=<id>` open the form or the confirm step (no JavaScript needed). */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const language = await getLanguage(request);
	const [artists, t] = await Promise.all([
		listArtistsWithWorkCount({ includeDrafts: true }),
		i18nServer.getFixedT(language, "admin"),
	]);
	const params = new URL(request.url).searchParams;
	const editId = params.get("edit");
	const deleteId = params.get("delete");
	const rows = artists.map((artist) => ({
		id: artist.id,
		name: artist.name,
		city: localized(language, artist.city_en, artist.city_ru),
		works: Number(artist.work_count),
		cityEn: artist.city_en,
		cityRu: artist.city_ru,
		descriptionEn: artist.description_en,
		descriptionRu: artist.description_ru,
		website: artist.website,
		sortOrder: artist.sort_order,
		image: toStoredImage(artist),
		version: artist.version,
	}));
	const editing = editId ? (rows.find((artist) => artist.id === editId) ?? null) : null;
	const found = deleteId ? rows.find((artist) => artist.id === deleteId) : undefined;
	// The delete link carries the version the list showed; the confirm step deletes only that one.
	const deleting = found
		? { ...found, version: parseVersion(params.get(VERSION_FIELD)) ?? found.version }
		: null;
	return data(
		{
			title: t("artists.metaTitle"),
			artists: rows,
			creating: params.has("new"),
			// The add form's one-time token (docs/decisions/0022).
			formToken: params.has("new") ? issueFormToken(ARTIST_ADD_TOKEN_SCOPE) : null,
			editing,
			deleting,
			missing: (editId !== null && !editing) || (deleteId !== null && !deleting),
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

/** intent=create/update is the add/edit form; intent=delete the confirmed delete. */
export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request);
	const formData = await readUploadForm(request);
	return formData.get("intent") === "delete"
		? removeArtist(formData, admin)
		: saveArtist(formData, await getLanguage(request), admin);
}

export type ArtistRow = ReturnType<typeof useLoaderData<typeof loader>>["artists"][number];

export default function AdminArtists() {
	const { t } = useTranslation("admin");
	const { artists, creating, editing, deleting, missing, formToken } = useLoaderData<typeof loader>();
	const actionData = useActionData<typeof action>();
	const deleteError = actionData?.intent === "delete" && "error" in actionData ? actionData.error : null;
	const deleteConflict =
		actionData?.intent === "delete" && "deleteConflict" in actionData ? actionData.deleteConflict : null;
	const formOpen = creating || editing !== null;
	return (
		<div>
			<AdminPageHeader title={t("artists.title")}>
				{formOpen ? null : (
					<Link to="?new" className="button-primary">
						{t("artists.add")}
					</Link>
				)}
			</AdminPageHeader>
			{missing || deleteError ? (
				<div className="mt-6">
					<FormAlert
						title={t("artists.errorTitle")}
						messages={[deleteError ? t(deleteError.key, deleteError.values) : t("artists.errors.notFound")]}
					/>
				</div>
			) : null}
			{deleteConflict ? (
				<DeleteConfirmation
					name="delete-artist"
					id={deleteConflict.id}
					action={ARTISTS_PATH}
					title={t("artists.confirmTitle", { name: deleteConflict.name })}
					text={t("conflicts.deleteChanged", { name: deleteConflict.name })}
					confirmLabel={t("conflicts.deleteAnyway")}
					pendingLabel={t("artists.deleting")}
					cancelLabel={t("artists.cancel")}
					version={deleteConflict.conflict.version}
				>
					<DeleteConflict entity="artist" conflict={deleteConflict.conflict} />
				</DeleteConfirmation>
			) : deleting ? (
				<DeleteConfirmation
					name="delete-artist"
					id={deleting.id}
					version={deleting.version}
					action={ARTISTS_PATH}
					title={t("artists.confirmTitle", { name: deleting.name })}
					text={
						deleting.works > 0
							? t("artists.confirmTextWorks", { name: deleting.name, count: deleting.works })
							: t("artists.confirmText", { name: deleting.name })
					}
					confirmLabel={t("artists.confirmDelete")}
					pendingLabel={t("artists.deleting")}
					cancelLabel={t("artists.cancel")}
				/>
			) : null}
			{formOpen ? <ArtistForm key={editing?.id ?? "new"} artist={editing} formToken={formToken} /> : null}
			{artists.length === 0 ? (
				<p className="mt-10 text-muted">{t("artists.empty")}</p>
			) : (
				<AdminTable
					caption={t("artists.caption", { count: artists.length })}
					minWidth="md:min-w-[48rem]"
					cards
					columns={[
						t("artists.columns.portrait"),
						t("artists.columns.name"),
						t("artists.columns.city"),
						t("artists.columns.works"),
						t("artists.columns.order"),
						t("artists.columns.actions"),
					]}
				>
					{artists.map((artist) => (
						<ArtistTableRow key={artist.id} artist={artist} />
					))}
				</AdminTable>
			)}
		</div>
	);
}
