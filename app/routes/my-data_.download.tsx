import type { ActionFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { readFormData } from "~/lib/form.server";
import { MAIL_LINK_HEADERS } from "~/lib/mail-link-page";
import { requireSiteOpen } from "~/services/maintenance.server";
import { exportWithLink, personalDataResponse } from "~/services/personal-data.server";

/**
 * "Download my data" from a guest's link page (/my-data): the JSON file, while the link works. A resource
 * route, so the browser gets the file itself from the page's plain form post, with or without JavaScript.
 */
export async function action({ request }: ActionFunctionArgs) {
	await requireSiteOpen(request);
	const formData = await readFormData(request);
	const result = await exportWithLink(String(formData.get("token") ?? ""));
	if (!result.ok) return data({ problem: result.problem }, { status: 410, headers: MAIL_LINK_HEADERS });
	return personalDataResponse(result.data);
}
