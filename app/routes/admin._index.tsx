import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";

/** /admin opens the first admin section. */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	return redirect("/admin/projects");
}
