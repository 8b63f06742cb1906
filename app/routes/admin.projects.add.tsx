import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProjectForm, type ProjectFormReply } from "~/components/admin/project-form";
import { ProjectFormError } from "~/components/admin/project-form-error";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { listArtistOptions } from "~/models/artists.server";
import { requireAdmin } from "~/services/auth.server";
import { submitProjectForm } from "~/services/project-editor.server";

export const meta: MetaFunction<typeof loader> = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const t = await i18nServer.getFixedT(await getLanguage(request), "admin");
	return data(
		{ title: t("projects.form.addMetaTitle"), artists: await listArtistOptions() },
		{ headers: { "Cache-Control": "no-store" } },
	);
}

export async function action({ request }: ActionFunctionArgs) {
	await requireAdmin(request);
	return submitProjectForm(request, { kind: "add" });
}

export default function AddProject() {
	const { artists } = useLoaderData<typeof loader>();
	const reply = useActionData<typeof action>() as ProjectFormReply | undefined;
	return <ProjectForm mode="add" gallery={[]} reply={reply} artists={artists} />;
}

export const ErrorBoundary = ProjectFormError;
