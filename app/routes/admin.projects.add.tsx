import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProjectForm, type ProjectFormReply } from "~/components/admin/project-form";
import { ProjectFormError } from "~/components/admin/project-form-error";
import { issueFormToken } from "~/lib/form-token.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { listArtistOptions } from "~/models/artists.server";
import { requireAdmin } from "~/services/auth.server";
import { PROJECT_ADD_TOKEN_SCOPE, submitProjectForm } from "~/services/project-editor.server";

export const meta: MetaFunction<typeof loader> = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const t = await i18nServer.getFixedT(await getLanguage(request), "admin");
	return data(
		{
			title: t("projects.form.addMetaTitle"),
			artists: await listArtistOptions(),
			formToken: issueFormToken(PROJECT_ADD_TOKEN_SCOPE),
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request);
	return submitProjectForm(request, { kind: "add" }, admin);
}

export default function AddProject() {
	const { artists, formToken } = useLoaderData<typeof loader>();
	const reply = useActionData<typeof action>() as ProjectFormReply | undefined;
	return <ProjectForm mode="add" gallery={[]} reply={reply} artists={artists} formToken={formToken} />;
}

export const ErrorBoundary = ProjectFormError;
