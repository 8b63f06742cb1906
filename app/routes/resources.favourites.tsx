import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import * as z from "zod";
import { readFormData } from "~/lib/form.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { setFavourite } from "~/models/favourites.server";
import { getUser } from "~/services/auth.server";
import { requireSiteOpen } from "~/services/maintenance.server";

const schema = z.object({
	projectId: z.string().min(1).max(200),
	favourite: z.enum(["true", "false"]),
	redirectTo: z.string().optional(),
});

/** The path of the page the form was sent from; null when the Referer is not a URL (a hand-made request). */
function refererPath(request: Request): string | null {
	const referer = request.headers.get("Referer");
	if (referer === null) return "/";
	try {
		return new URL(referer, request.url).pathname;
	} catch {
		return null;
	}
}

/**
 * Marks or unmarks a favourite. Anonymous visitors are sent to sign in, which saves the piece, and then
 * back to the page they were on. Without JavaScript the form carries `redirectTo` and comes back to its page.
 */
export async function action({ request }: ActionFunctionArgs) {
	await requireSiteOpen(request);
	const parsed = schema.safeParse(Object.fromEntries(await readFormData(request)));
	// Responses, not data(): Remix answers a resource route's data() with 200 whatever its status says.
	if (!parsed.success) return Response.json({ ok: false as const }, { status: 400 });
	const from = parsed.data.redirectTo ?? refererPath(request);
	if (from === null) return Response.json({ ok: false as const }, { status: 400 });
	const back = safeRedirectPath(from);
	const user = await getUser(request);
	// A guest's ♥ is carried through the sign-in (app/routes/login/login.server.ts): the page says why, and
	// saves it once they are in. Only the id travels; the sign-in looks the piece up again.
	if (!user) {
		const login = new URLSearchParams({ redirectTo: back });
		if (parsed.data.favourite === "true") login.set("favourite", parsed.data.projectId);
		throw redirect(`/login?${login}`);
	}
	const found = await setFavourite(user.id, parsed.data.projectId, parsed.data.favourite === "true");
	if (!found) return Response.json({ ok: false as const }, { status: 404 });
	if (parsed.data.redirectTo !== undefined) return redirect(back);
	return { ok: true as const };
}
