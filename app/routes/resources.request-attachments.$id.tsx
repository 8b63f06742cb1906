import type { LoaderFunctionArgs } from "@remix-run/node";
import { getImageStore, readImage } from "~/lib/image-store.server";
import { getRequestAttachment } from "~/models/request-attachments.server";
import { getUser } from "~/services/auth.server";
import { buyerAccess } from "~/services/thread-access.server";

/**
 * GET /resources/request-attachments/<id>[?t=<buyer's token>]: a picture or PDF that came with a message
 * (issue #37, docs/decisions/0037), for the staff and for the request's buyer (signed in, or through their
 * guest link's token) only. The files sit in the image store under requests/, which the public image
 * route does not serve (app/lib/uploads.server.ts): this is the only way to them. Anyone else: 404.
 */
function notFound(): Response {
	return new Response("Not Found", {
		status: 404,
		headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
	});
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const id = Number(params.id);
	if (!Number.isSafeInteger(id) || id <= 0) return notFound();
	const attachment = await getRequestAttachment(id);
	if (!attachment) return notFound();
	const user = await getUser(request);
	const staff = user?.role === "admin";
	const token = new URL(request.url).searchParams.get("t");
	if (!staff && !(await buyerAccess(request, attachment.request_id, token))) return notFound();
	const data = await readImage(getImageStore(), attachment.storage_key);
	if (!data) return notFound();
	const isPdf = attachment.content_type === "application/pdf";
	const filename = encodeURIComponent(attachment.filename);
	return new Response(new Uint8Array(data), {
		headers: {
			"Content-Type": isPdf ? "application/pdf" : "image/jpeg",
			"Content-Length": String(data.length),
			// A PDF is saved rather than shown in the site's origin; a picture is shown, and can run nothing.
			"Content-Disposition": `${isPdf ? "attachment" : "inline"}; filename*=UTF-8''${filename}`,
			"Content-Security-Policy": "default-src 'none'; sandbox",
			"X-Content-Type-Options": "nosniff",
			"Cache-Control": "private, no-store",
		},
	});
}
