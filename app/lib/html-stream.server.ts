import { Transform } from "node:stream";

/**
 * The stream a page's HTML leaves React through, on its way to the response (app/entry.server.tsx).
 *
 * - **No NUL bytes.** React 18.3's streaming renderer encodes text into 2048-byte buffers. When a
 *   character of two or three bytes (Cyrillic, «—») does not fit the end of a buffer, React sends the
 *   whole buffer anyway, with one or two zero bytes where the character would have gone. A browser turns
 *   a NUL in a <textarea> or an attribute into U+FFFD, so saving a Russian description without changing
 *   it inserted a "�" at a fixed place in it. UTF-8 text never contains a zero byte, and a NUL in HTML is
 *   a parse error anyway, so every zero byte is dropped here.
 * - **One chunk per turn.** React writes a page in hundreds of small pieces; each one went on through a
 *   web stream, the response and its compressor separately (brotli's per-call cost made a compressed
 *   signed-in page a third slower). What arrives in one turn of the event loop goes on as one chunk, and
 *   what arrives later (a suspended part of the page) still goes out as soon as it is written.
 */
export function htmlStream(): Transform {
	let parts: Buffer[] = [];
	let scheduled = false;
	const joined = (): Buffer => {
		const buffer = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
		parts = [];
		return withoutNul(buffer);
	};
	const stream = new Transform({
		transform(chunk: Buffer, _encoding, done) {
			parts.push(chunk);
			if (!scheduled) {
				scheduled = true;
				setImmediate(() => {
					scheduled = false;
					if (parts.length > 0) stream.push(joined());
				});
			}
			done();
		},
		flush(done) {
			if (parts.length > 0) this.push(joined());
			done();
		},
	});
	return stream;
}

function withoutNul(buffer: Buffer): Buffer {
	if (buffer.indexOf(0) === -1) return buffer;
	const kept = Buffer.allocUnsafe(buffer.length);
	let length = 0;
	for (const byte of buffer) if (byte !== 0) kept[length++] = byte;
	return kept.subarray(0, length);
}
