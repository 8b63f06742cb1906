/** Our forms are a few short fields; anything near this size is not a person filling in a form. */
export const MAX_FORM_BYTES = 64 * 1024;

async function readLimited(request: Request, maxBytes: number): Promise<ArrayBuffer> {
	const reader = request.body?.getReader();
	if (!reader) return new ArrayBuffer(0);
	const chunks: Uint8Array[] = [];
	let size = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.byteLength;
		if (size > maxBytes) {
			await reader.cancel();
			throw new Response(null, { status: 413, statusText: "Payload Too Large" });
		}
		chunks.push(value);
	}
	const body = new Uint8Array(size);
	let offset = 0;
	for (const chunk of chunks) {
		body.set(chunk, offset);
		offset += chunk.byteLength;
	}
	return body.buffer;
}

/**
 * Reads a posted form. A body over the limit is refused with 413 before it is read whole, one that does not
 * parse (wrong encoding, broken multipart) with 400 — never a 500. The error page explains both.
 */
export async function readFormData(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
	if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) {
		throw new Response(null, { status: 413, statusText: "Payload Too Large" });
	}
	const body = await readLimited(request, maxBytes);
	try {
		return await new Request(request.url, {
			method: "POST",
			headers: { "Content-Type": request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded" },
			body,
		}).formData();
	} catch {
		throw new Response(null, { status: 400, statusText: "Bad Request" });
	}
}
