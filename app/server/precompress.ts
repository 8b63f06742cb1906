/**
 * `npm run build` runs this after Remix: every compressible file of the browser build and of public/ gets a
 * brotli (`.br`, best quality) and a gzip (`.gz`, level 9) copy beside it, made once here instead of on
 * every request. The server sends them to browsers that accept them (static-files.ts). A copy that would
 * not be smaller is not written.
 *
 *     tsx app/server/precompress.ts public public/build-<id>
 *
 * Inside a folder, the browser builds (`build`, `build-<id>`) are skipped unless named: public/ may hold
 * other builds' assets, which are not this build's business.
 */
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { PRECOMPRESSED_EXTENSIONS } from "./static-files";

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function* compressibleFiles(directory: string): Generator<string> {
	for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
		const file = path.join(directory, entry.name);
		if (entry.isDirectory()) {
			if (!/^build(-|$)/.test(entry.name)) yield* compressibleFiles(file);
		} else if (entry.isFile() && PRECOMPRESSED_EXTENSIONS.has(path.extname(entry.name).toLowerCase()))
			yield file;
	}
}

async function precompress(file: string): Promise<number> {
	const content = await fs.promises.readFile(file);
	const [br, gz] = await Promise.all([
		brotliCompress(content, {
			params: {
				[zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
				[zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
			},
		}),
		gzip(content, { level: 9 }),
	]);
	let written = 0;
	for (const [suffix, body] of [
		[".br", br],
		[".gz", gz],
	] as const) {
		if (body.byteLength < content.byteLength) {
			await fs.promises.writeFile(`${file}${suffix}`, body);
			written += 1;
		} else {
			await fs.promises.rm(`${file}${suffix}`, { force: true });
		}
	}
	return written;
}

const roots = process.argv.slice(2);
if (roots.length === 0) {
	console.error("usage: tsx app/server/precompress.ts <folder>…");
	process.exit(1);
}
let files = 0;
let copies = 0;
for (const root of roots) {
	const list = [...compressibleFiles(root)];
	// A few at a time: the zlib thread pool has four threads.
	for (let index = 0; index < list.length; index += 8) {
		const written = await Promise.all(list.slice(index, index + 8).map(precompress));
		copies += written.reduce((sum, count) => sum + count, 0);
	}
	files += list.length;
}
console.log(`precompress: ${copies} .br/.gz copies for ${files} files in ${roots.join(", ")}`);
