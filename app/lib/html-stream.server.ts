import { Writable } from "node:stream";

/**
 * Where a page's HTML goes when it leaves React (app/entry.server.tsx): one buffer, the whole page.
 *
 * - **Whole, not streamed.** React writes a page in hundreds of small pieces. Streamed, each went on
 *   through a web stream, the response and its compressor separately, and waiting for the next piece
 *   cost a turn of the event loop: a signed-in page spent a third of its time there. Our loaders return
 *   their data at once (nothing is deferred), so a page is complete a moment after its first byte:
 *   the whole page goes out as one buffer, compressed in one call.
 * - **No NUL bytes.** React 18.3's streaming renderer encodes text into 2048-byte buffers. When a
 *   character of two or three bytes (Cyrillic, «—») does not fit the end of a buffer, React sends the
 *   whole buffer anyway, with one or two zero bytes where the character would have gone. A browser turns
 *   a NUL in a <textarea> or an attribute into U+FFFD, so saving a Russian description without changing
 *   it inserted a "�" at a fixed place in it. UTF-8 text never contains a zero byte, and a NUL in HTML is
 *   a parse error anyway, so every zero byte is dropped here.
 */
export function htmlCollector(): { sink: Writable; html: Promise<Buffer<ArrayBuffer>> } {
	const parts: Buffer[] = [];
	let sink: Writable | undefined;
	const html = new Promise<Buffer<ArrayBuffer>>((resolve, reject) => {
		sink = new Writable({
			// React listens for the destination's "close" to abort a render cut short; on a finished page it
			// then ends the stream a second time, and Node builds an error (with its stack) for that: about
			// 1 % of a signed-in page's time, for nothing.
			emitClose: false,
			write(chunk: Buffer, _encoding, done) {
				parts.push(chunk);
				done();
			},
			final(done) {
				resolve(withoutNul(Buffer.concat(parts)));
				done();
			},
			destroy(error, done) {
				if (error) reject(error);
				done(error);
			},
		});
	});
	return { sink: sink as Writable, html };
}

/** The buffer without its zero bytes, copied a stretch at a time (a byte at a time cost 0.3 ms a page). */
function withoutNul(buffer: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
	let zero = buffer.indexOf(0);
	if (zero === -1) return buffer;
	const kept = Buffer.allocUnsafe(buffer.length);
	let length = 0;
	let from = 0;
	while (zero !== -1) {
		length += buffer.copy(kept, length, from, zero);
		from = zero + 1;
		zero = buffer.indexOf(0, from);
	}
	length += buffer.copy(kept, length, from);
	return kept.subarray(0, length);
}
