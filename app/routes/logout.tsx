import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { redirectWithToast } from "~/lib/toast.server";
import { endSession } from "~/services/auth.server";

/** Signing out is a POST (a link or prefetch must never sign anyone out). */
export async function action({ request }: ActionFunctionArgs) {
	const headers = new Headers({ "Set-Cookie": await endSession(request) });
	return redirectWithToast(
		"/login",
		{ type: "success", title: "toast.logoutTitle", description: "toast.logoutText" },
		{ headers },
	);
}

export function loader() {
	return redirect("/");
}
