/** Our forms are a few short fields; anything near this size is not a person filling in a form. */
const MAX_FORM_BYTES = 64 * 1024;

/**
 * Fields (and files) one form may send. The longest of ours, the admin project form, sends a dozen fields,
 * up to 12 new files and two controls per saved gallery picture; 256 leaves room for over a hundred saved
 * pictures. The cap is there because parsing cost grows with the number of fields, not only with bytes:
 * 64 KB of "a=&a=&…" is 21 000 fields of one name, which took Conform six seconds of blocked event loop,
 * and 100 000 multipart parts took 8.5 s.
 */
export const MAX_FORM_FIELDS = 256;

function payloadTooLarge(): Response {
	return new Response(null, { status: 413, statusText: "Payload Too Large" });
}

async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
	const reader = request.body?.getReader();
	if (!reader) return new Uint8Array(0);
	const chunks: Uint8Array[] = [];
	let size = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.byteLength;
		if (size > maxBytes) {
			await reader.cancel();
			throw payloadTooLarge();
		}
		chunks.push(value);
	}
	const body = new Uint8Array(size);
	let offset = 0;
	for (const chunk of chunks) {
		body.set(chunk, offset);
		offset += chunk.byteLength;
	}
	return body;
}

/** The number of "&"-separated fields of a urlencoded body, counted before anything is decoded. */
function urlencodedFieldCount(body: Uint8Array): number {
	let count = 1;
	for (const byte of body) if (byte === 0x26) count++;
	return count;
}

/** Throws a 413 when a parsed form holds more than MAX_FORM_FIELDS entries. */
function assertFieldCount(form: FormData, maxFields = MAX_FORM_FIELDS): void {
	let count = 0;
	for (const _name of form.keys()) {
		if (++count > maxFields) throw payloadTooLarge();
	}
}

/**
 * Reads a posted form. A body over the byte limit is refused with 413 before it is read whole, one with
 * more than MAX_FORM_FIELDS fields with 413 before it is parsed (urlencoded) or before any action sees it
 * (multipart), one that does not parse (wrong encoding, broken multipart) with 400 — never a 500. The error
 * page explains both.
 */
export async function readFormData(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
	if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes) throw payloadTooLarge();
	const body = await readLimited(request, maxBytes);
	const contentType = request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded";
	if (
		/^application\/x-www-form-urlencoded/i.test(contentType) &&
		urlencodedFieldCount(body) > MAX_FORM_FIELDS
	) {
		throw payloadTooLarge();
	}
	let form: FormData;
	try {
		form = await new Request(request.url, {
			method: "POST",
			headers: { "Content-Type": contentType },
			body,
		}).formData();
	} catch {
		throw new Response(null, { status: 400, statusText: "Bad Request" });
	}
	assertFieldCount(form);
	return form;
}
