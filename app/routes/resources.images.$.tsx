import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getImageStore } from "~/lib/image-store.server";
import { answerImageRequest } from "~/lib/uploads.server";
import { getUser } from "~/services/auth.server";
import { isDraftOnlyImage } from "~/services/draft-images.server";

/**
 * Stored images under `npm run dev` only: Remix's dev server has no Express layer of ours. In production
 * app/server/image-files.ts answers /resources/images/* before Remix and this never runs.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const key = params["*"] ?? "";
	const draft = await isDraftOnlyImage(key);
	const hidden = draft && (await getUser(request))?.role !== "admin";
	const answer = hidden
		? ({ status: 404 } as const)
		: await answerImageRequest(getImageStore(), {
				method: request.method,
				key,
				draft,
				ifNoneMatch: request.headers.get("If-None-Match") ?? undefined,
				ifModifiedSince: request.headers.get("If-Modified-Since") ?? undefined,
			});
	if (answer.status === 404) {
		return new Response("Not Found", {
			status: 404,
			headers: { "Content-Type": "text/plain; charset=utf-8" },
		});
	}
	const body = answer.body ? (Readable.toWeb(answer.body) as ReadableStream<Uint8Array>) : null;
	return new Response(body, { status: answer.status, headers: answer.headers });
}
