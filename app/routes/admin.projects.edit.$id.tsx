import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProjectForm, type ProjectFormReply } from "~/components/admin/project-form";
import { ProjectFormError } from "~/components/admin/project-form-error";
import { requireAdmin } from "~/lib/auth.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { submitProjectForm } from "~/lib/project-form.server";
import { adminMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { getProductById, listProductImages } from "~/models/products.server";

export const meta: MetaFunction<typeof loader> = adminMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const product = await getProductById(params.id ?? "");
	if (!product) {
		throw await redirectWithToast("/admin/projects", {
			type: "error",
			title: "admin:projects.toast.notFound",
		});
	}
	const [rows, t] = await Promise.all([
		listProductImages(product.id),
		i18nServer.getFixedT(await getLanguage(request), "admin"),
	]);
	return data(
		{
			title: t("projects.form.editMetaTitle", { name: product.name }),
			project: {
				id: product.id,
				name: product.name,
				designer: product.designer,
				category: product.category,
				price: product.price,
				link: product.link,
				descriptionEn: product.description_en,
				descriptionRu: product.description_ru,
				image: product.image
					? { key: product.image, width: product.image_width, height: product.image_height }
					: null,
			},
			gallery: rows.map((row) => ({
				id: row.id,
				image: { key: row.image_url, width: row.image_width, height: row.image_height },
			})),
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

export async function action({ request, params }: ActionFunctionArgs) {
	await requireAdmin(request);
	return submitProjectForm(request, { kind: "edit", id: params.id ?? "" });
}

export default function EditProject() {
	const { project, gallery } = useLoaderData<typeof loader>();
	const reply = useActionData<typeof action>() as ProjectFormReply | undefined;
	// A new key per project: after a move to a new id the form starts from the saved values.
	return <ProjectForm key={project.id} mode="edit" project={project} gallery={gallery} reply={reply} />;
}

export const ErrorBoundary = ProjectFormError;
