import type { ActionFunctionArgs } from "@remix-run/node";
import { personalDataExport } from "./admin.personal-data/personal-data.server";

/**
 * The JSON file of a person's data for an administrator (/admin/personal-data), recorded in the audit
 * trail. A resource route, so the form's plain post gets the file itself, with or without JavaScript.
 */
export const action = ({ request }: ActionFunctionArgs) => personalDataExport(request);
