import type { LoaderFunctionArgs } from "@remix-run/node";
import { getImageStore, readImage } from "~/lib/image-store.server";
import { getThreadAttachment } from "~/models/request-messages.server";
import { buyerAccess } from "~/services/thread-access.server";

/**
 * A file that came with a message (a reply by e-mail, docs/decisions/0037), for the request's buyer only:
 * /requests/<id>/attachments/<n>, with the private link's `?t=` or the signed-in buyer's session; 404 for
 * anyone else, as for a file that does not exist. Pictures a browser shows safely open in place; anything
 * else (a PDF, an SVG that could carry script) downloads, sandboxed, and is never sniffed as something else.
 */

const SHOWN_IN_PLACE = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);

const notFound = () => new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });

export async function loader({ request, params }: LoaderFunctionArgs) {
	const requestId = Number(params.id);
	const attachmentId = Number(params.attachmentId);
	if (!Number.isSafeInteger(attachmentId) || attachmentId <= 0) return notFound();
	const access = await buyerAccess(request, requestId, new URL(request.url).searchParams.get("t") ?? "");
	if (!access) return notFound();
	const attachment = await getThreadAttachment(access.request.id, attachmentId);
	if (!attachment) return notFound();
	const body = await readImage(getImageStore(), attachment.storage_key);
	if (!body) return notFound();
	const inPlace = SHOWN_IN_PLACE.has(attachment.content_type);
	const filename = encodeURIComponent(attachment.filename).replace(
		/['()*]/g,
		(c) => `%${c.charCodeAt(0).toString(16)}`,
	);
	return new Response(new Uint8Array(body), {
		headers: {
			"Content-Type":
				inPlace || attachment.content_type === "application/pdf"
					? attachment.content_type
					: "application/octet-stream",
			"Content-Length": String(body.length),
			"Content-Disposition": `${inPlace ? "inline" : "attachment"}; filename*=UTF-8''${filename}`,
			"Content-Security-Policy": "sandbox; default-src 'none'; img-src 'self'",
			"X-Content-Type-Options": "nosniff",
			"Cache-Control": "private, no-store",
			"Referrer-Policy": "same-origin",
		},
	});
}
