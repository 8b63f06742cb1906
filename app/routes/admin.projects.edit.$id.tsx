import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProjectForm, type ProjectFormReply } from "~/components/admin/project-form";
import { ProjectFormError } from "~/components/admin/project-form-error";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { listArtistOptions } from "~/models/artists.server";
import { getProjectByKnownId, listProjectImages } from "~/models/projects.server";
import { requireAdmin } from "~/services/auth.server";
import { submitProjectForm } from "~/services/project-editor.server";

export const meta: MetaFunction<typeof loader> = adminMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const project = await getProjectByKnownId(params.id ?? "", { includeDrafts: true });
	if (!project) {
		throw await redirectWithToast("/admin/projects", {
			type: "error",
			title: "admin:projects.toast.notFound",
		});
	}
	const [rows, artists, t] = await Promise.all([
		listProjectImages(project.id),
		listArtistOptions(),
		i18nServer.getFixedT(await getLanguage(request), "admin"),
	]);
	return data(
		{
			title: t("projects.form.editMetaTitle", { name: project.name }),
			project: {
				id: project.id,
				name: project.name,
				artistId: project.artist_id ?? "",
				category: project.category,
				price: project.price,
				link: project.link,
				descriptionEn: project.description_en,
				descriptionRu: project.description_ru,
				status: project.status,
				featured: project.featured === 1,
				featuredOrder: project.featured_order,
				availability: project.availability,
				collection: project.collection,
				dimensions: project.dimensions,
				materialsEn: project.materials_en,
				materialsRu: project.materials_ru,
				year: project.year,
				editionSize: project.edition_size,
				image: project.image
					? { key: project.image, width: project.image_width, height: project.image_height }
					: null,
				version: project.version,
			},
			artists,
			gallery: rows.map((row) => ({
				id: row.id,
				image: { key: row.image_url, width: row.image_width, height: row.image_height },
				altEn: row.alt_text,
				altRu: row.alt_text_ru,
			})),
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

export async function action({ request, params }: ActionFunctionArgs) {
	const admin = await requireAdmin(request);
	return submitProjectForm(request, { kind: "edit", id: params.id ?? "" }, admin);
}

export default function EditProject() {
	const { project, gallery, artists } = useLoaderData<typeof loader>();
	const reply = useActionData<typeof action>() as ProjectFormReply | undefined;
	// A new key per project: after a move to a new id the form starts from the saved values.
	return (
		<ProjectForm
			key={project.id}
			mode="edit"
			project={project}
			gallery={gallery}
			reply={reply}
			artists={artists}
			historyHref={`/admin/activity?${new URLSearchParams({ entity: "project", id: project.id })}`}
		/>
	);
}

export const ErrorBoundary = ProjectFormError;
