import type { LoaderFunctionArgs } from "@remix-run/node";
import { getMail } from "~/models/outbox.server";
import { requireAdmin } from "~/services/auth.server";

/**
 * A stored message's HTML part, for the frame on /admin/mail/:id. The message was rendered from our own
 * templates, but it holds what buyers typed (names, phones), so it is served as untrusted: no script, no
 * requests to anywhere (its own inline styles and data: images only), no forms, framed only by our pages.
 */
const MESSAGE_HEADERS = {
	"Content-Type": "text/html; charset=utf-8",
	"Content-Security-Policy":
		"default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox",
	"X-Frame-Options": "SAMEORIGIN",
	"X-Content-Type-Options": "nosniff",
	"Referrer-Policy": "no-referrer",
	"Cross-Origin-Resource-Policy": "same-origin",
	"Cache-Control": "private, no-store",
};

export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const id = Number(params.id);
	const message = Number.isSafeInteger(id) && id > 0 ? await getMail(id) : undefined;
	if (!message) {
		return new Response("Not found", {
			status: 404,
			headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
		});
	}
	return new Response(message.html_body, { headers: MESSAGE_HEADERS });
}
