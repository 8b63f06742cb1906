import { type ActionFunctionArgs, data, redirect } from "@remix-run/node";
import { z } from "zod";
import { getUser } from "~/lib/auth.server";
import { readFormData } from "~/lib/form.server";
import { requireSiteOpen } from "~/lib/maintenance.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { setFavourite } from "~/models/favourites.server";

const schema = z.object({
	productId: z.string().min(1).max(200),
	favourite: z.enum(["true", "false"]),
	redirectTo: z.string().optional(),
});

/**
 * Marks or unmarks a favourite. Anonymous visitors are sent to sign in and then back to the page they
 * were on. Without JavaScript the form carries `redirectTo` and comes back to its page.
 */
export async function action({ request }: ActionFunctionArgs) {
	await requireSiteOpen(request);
	const parsed = schema.safeParse(Object.fromEntries(await readFormData(request)));
	if (!parsed.success) return data({ ok: false as const }, { status: 400 });
	const back = safeRedirectPath(
		parsed.data.redirectTo ?? new URL(request.headers.get("Referer") ?? "/", request.url).pathname,
	);
	const user = await getUser(request);
	if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: back })}`);
	const found = await setFavourite(user.id, parsed.data.productId, parsed.data.favourite === "true");
	if (!found) return data({ ok: false as const }, { status: 404 });
	if (parsed.data.redirectTo !== undefined) return redirect(back);
	return { ok: true as const };
}
