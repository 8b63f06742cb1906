import { type ActionFunctionArgs, data, redirect } from "@remix-run/node";
import { themeCookie } from "~/lib/cookies.server";
import { readFormData } from "~/lib/form.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { isTheme } from "~/lib/theme";

/**
 * Sets the theme cookie. A plain form post (no JavaScript) carries `redirectTo` and is sent back to its
 * page; the enhanced form, sent by a fetcher, gets data and updates the page in place.
 */
export async function action({ request }: ActionFunctionArgs) {
	const form = await readFormData(request);
	const theme = form.get("theme");
	if (!isTheme(theme)) return Response.json({ ok: false as const, error: "Unknown theme" }, { status: 400 });
	const headers = { "Set-Cookie": await themeCookie.serialize(theme) };
	const redirectTo = form.get("redirectTo");
	if (redirectTo !== null) return redirect(safeRedirectPath(redirectTo), { headers });
	return data({ ok: true as const, theme }, { headers });
}
