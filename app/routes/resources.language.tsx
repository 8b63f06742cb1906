import { type ActionFunctionArgs, data, redirect } from "@remix-run/node";
import { languageCookie } from "~/lib/cookies.server";
import { readFormData } from "~/lib/form.server";
import { isLanguage } from "~/lib/i18n";
import { safeRedirectPath } from "~/lib/safe-redirect";

/** Sets the language cookie; without JavaScript the visitor is sent back to the page they were on. */
export async function action({ request }: ActionFunctionArgs) {
	const form = await readFormData(request);
	const language = form.get("lng");
	if (!isLanguage(language))
		return Response.json({ ok: false as const, error: "Unknown language" }, { status: 400 });
	const headers = { "Set-Cookie": await languageCookie.serialize(language) };
	const redirectTo = form.get("redirectTo");
	if (redirectTo !== null) {
		// A `?lng=` left in the address would win over the new choice, so it is dropped.
		const target = new URL(safeRedirectPath(redirectTo), "http://forma.invalid");
		target.searchParams.delete("lng");
		return redirect(`${target.pathname}${target.search}${target.hash}`, { headers });
	}
	return data({ ok: true as const, language }, { headers });
}
