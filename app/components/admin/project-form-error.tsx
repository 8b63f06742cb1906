import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/lib/translations";

/**
 * The project form's error boundary: an upload over the request cap (413) or a broken body (400) is
 * explained inside the admin layout, with a way back, instead of the site-wide error page.
 */
export function ProjectFormError() {
	const error = useRouteError();
	const { t } = useTranslation("admin");
	if (!isRouteErrorResponse(error) || (error.status !== 413 && error.status !== 400)) throw error;
	return (
		<div role="alert" className="max-w-2xl rounded-xl border border-accent/40 bg-accent/10 p-6">
			<p className="font-semibold">{t("projects.form.errorTitle")}</p>
			<p className="mt-2">
				{error.status === 413 ? t("images.requestTooLarge") : t("error.badRequest", { ns: "common" })}
			</p>
			<Link to="/admin/projects" className="button-primary mt-6">
				{t("projects.form.cancel")}
			</Link>
		</div>
	);
}
