import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { MAX_FORM_FIELDS } from "~/lib/form.server";
import { i18nServer } from "~/lib/i18n.server";
import { getImageStore } from "~/lib/image-store.server";
import { createDiskImageStore } from "~/lib/image-store-disk.server";
import { variantKey } from "~/lib/images";
import { storeRasterImage } from "~/lib/images.server";
import { MAX_IMAGE_BYTES, MAX_UPLOAD_REQUEST_BYTES } from "~/lib/upload-limits";
import { answerImageRequest } from "~/lib/uploads.server";
import {
	deleteImageIfUnused,
	imageErrorKeys,
	readUploadForm,
	storeUploadedImage,
} from "~/services/image-upload.server";
import { plain } from "../support/plain";
import { settle } from "../support/requests";

const uploads = () => process.env.UPLOADS_DIR ?? "";
const onDisk = (key: string) => fs.existsSync(path.join(uploads(), key));

/** A photo-like JPEG: noise does not compress, so it stays big. */
async function noisyJpeg(width: number, height: number, quality = 60): Promise<Buffer> {
	return sharp({
		create: {
			width,
			height,
			channels: 3,
			background: "#808080",
			noise: { type: "gaussian", mean: 128, sigma: 30 },
		},
	})
		.jpeg({ quality })
		.toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const typeAndData = Buffer.concat([Buffer.from(type, "ascii"), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(zlib.crc32(typeAndData));
	return Buffer.concat([length, typeAndData, crc]);
}

/** A tiny PNG whose header claims width × height pixels: what a decompression bomb looks like. */
function pngHeaderClaiming(width: number, height: number): Buffer {
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header.writeUInt8(8, 8); // bit depth
	header.writeUInt8(2, 9); // colour type: RGB
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		pngChunk("IHDR", header),
		pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
		pngChunk("IEND", Buffer.alloc(0)),
	]);
}

/**
 * A multipart body of `count` tiny text parts, written as it is read. With `stallAfter`, the sender stops
 * after that many parts and keeps the body open, as an attacker on a slow line would, until `finish()`.
 */
function floodOfParts(count: number, stallAfter = count) {
	const boundary = "flood";
	const encoder = new TextEncoder();
	let sent = 0;
	let finish = () => {};
	const stalled = new Promise<void>((resolve) => {
		finish = resolve;
	});
	const body = new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (sent >= stallAfter && sent < count) await stalled;
			if (sent >= Math.min(count, stallAfter)) {
				controller.enqueue(encoder.encode(`--${boundary}--\r\n`));
				controller.close();
				return;
			}
			const batch = Math.min(500, Math.min(count, stallAfter) - sent);
			let text = "";
			for (let i = sent; i < sent + batch; i++) {
				text += `--${boundary}\r\nContent-Disposition: form-data; name="field${i}"\r\n\r\nx\r\n`;
			}
			sent += batch;
			controller.enqueue(encoder.encode(text));
		},
	});
	const request = new Request("http://localhost/admin/slider", {
		method: "POST",
		body,
		headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
		duplex: "half",
	} as RequestInit);
	return { request, finish };
}

function file(data: Buffer | string, name: string, type = "image/jpeg"): File {
	return new File([typeof data === "string" ? data : new Uint8Array(data)], name, { type });
}

describe("storeUploadedImage", () => {
	it("scales a 3000×2000 JPEG to 1200 px, at most 2 MB, with WebP width variants on disk", async () => {
		const input = await noisyJpeg(3000, 2000);
		const result = await storeUploadedImage(file(input, "photo.jpg"), "projects");
		expect(result?.ok).toBe(true);
		if (!result?.ok) return;
		const { key, width, height } = result.image;
		expect([width, height]).toEqual([1200, 800]);
		const stored = fs.readFileSync(path.join(uploads(), key));
		expect(stored.length).toBeLessThanOrEqual(2 * 1024 * 1024);
		const metadata = await sharp(stored).metadata();
		expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1200, 800]);
		for (const variant of [400, 800, 1200]) expect(onDisk(variantKey(key, variant))).toBe(true);
	});

	it("lowers the JPEG quality in steps until the file fits the byte budget", async () => {
		const input = await noisyJpeg(1200, 1200, 90);
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-quality-"));
		try {
			const store = createDiskImageStore(dir);
			const full = await storeRasterImage(store, "projects", input, { quality: 80 });
			const fullSize = fs.statSync(path.join(dir, full.key)).size;
			const squeezed = await storeRasterImage(store, "projects", input, {
				quality: 80,
				maxBytes: fullSize - 1,
			});
			const squeezedSize = fs.statSync(path.join(dir, squeezed.key)).size;
			expect(squeezedSize).toBeLessThan(fullSize);
			// An impossible budget stops at the 30 % floor instead of looping or failing.
			const floor = await storeRasterImage(store, "projects", input, { quality: 80, maxBytes: 1 });
			const atThirty = await storeRasterImage(store, "projects", input, { quality: 30 });
			expect(floor.key).toBe(atThirty.key);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});

	it("refuses a file over 5 MB with its size, in the main-image and the gallery wording", async () => {
		const big = file(Buffer.alloc(6 * 1024 * 1024, 1), "huge.jpg");
		expect(await storeUploadedImage(big, "projects")).toEqual({
			ok: false,
			error: {
				key: "images.tooLarge",
				values: { name: "huge.jpg", size: "6.0" },
				help: "images.smallerFile",
			},
		});
		expect(await storeUploadedImage(big, "gallery", { wording: "file" })).toEqual({
			ok: false,
			error: {
				key: "images.fileTooLarge",
				values: { name: "huge.jpg", size: "6.0" },
				help: "images.smallerFile",
			},
		});
		// Russian writes the decimal with a comma: «6,0 МБ».
		expect(await storeUploadedImage(big, "projects", { language: "ru" })).toEqual({
			ok: false,
			error: {
				key: "images.tooLarge",
				values: { name: "huge.jpg", size: "6,0" },
				help: "images.smallerFile",
			},
		});
	});

	it("says how to make a smaller file after the spec's 5 MB message, in both languages", async () => {
		const big = file(Buffer.alloc(6 * 1024 * 1024, 1), "huge.jpg");
		for (const [language, spec, help] of [
			["en", "Image is too large: 6.0 MB. Maximum: 5MB", "save it again as JPEG"],
			[
				"ru",
				"Изображение слишком большое: 6,0\u00a0МБ. Максимум: 5\u00a0МБ",
				"сохраните его заново в\u00a0JPEG",
			],
		] as const) {
			const result = await storeUploadedImage(big, "projects", { language });
			if (result?.ok !== false) throw new Error("a 6 MB file was accepted");
			const t = await i18nServer.getFixedT(language, "admin");
			const [message, advice] = imageErrorKeys(result.error).map((key) => plain(t(key, result.error.values)));
			expect(message).toBe(plain(spec));
			expect(advice).toContain(plain(help));
		}
	});

	it("refuses an iPhone HEIC photo by name, with the way to send a JPEG (sharp here cannot decode HEVC)", async () => {
		// Made with libheif's heif-enc (HEVC, 320 × 240): sharp reads its header, not its pixels.
		const heic = fs.readFileSync(path.join(__dirname, "../fixtures/iphone-photo.heic"));
		await expect(sharp(heic).toBuffer()).rejects.toThrow();
		const result = await storeUploadedImage(file(heic, "IMG_0042.HEIC", "image/heic"), "gallery");
		expect(result).toEqual({
			ok: false,
			error: { key: "images.heic", values: { name: "IMG_0042.HEIC" }, help: "images.heicHelp" },
		});
		const en = await i18nServer.getFixedT("en", "admin");
		const ru = await i18nServer.getFixedT("ru", "admin");
		expect(plain(en("images.heic", { name: "IMG_0042.HEIC" }))).toContain(
			"IMG_0042.HEIC is an iPhone photo in HEIC",
		);
		expect(plain(ru("images.heic", { name: "IMG_0042.HEIC" }))).toContain("фотография iPhone в формате HEIC");
		expect(en("images.heicHelp")).toContain("Most Compatible");
		expect(ru("images.heicHelp")).toContain("Наиболее совместимый");
	});

	it("keeps hero slides up to 2400 px wide, with a 2400 px variant; other pictures stay at 1200", async () => {
		const input = await noisyJpeg(3200, 1800);
		const slide = await storeUploadedImage(file(input, "hero.jpg"), "slides");
		if (!slide?.ok) throw new Error("the slide was refused");
		expect([slide.image.width, slide.image.height]).toEqual([2400, 1350]);
		expect(onDisk(variantKey(slide.image.key, 2400))).toBe(true);
		expect(fs.statSync(path.join(uploads(), slide.image.key)).size).toBeLessThanOrEqual(2 * 1024 * 1024);
		const piece = await storeUploadedImage(file(input, "piece.jpg"), "projects");
		if (!piece?.ok) throw new Error("the piece's picture was refused");
		expect([piece.image.width, piece.image.height]).toEqual([1200, 675]);
	});

	it("decides by content: a text file named .jpg and sent as image/jpeg is not an image", async () => {
		const result = await storeUploadedImage(file("just some words\n", "notes.jpg", "image/jpeg"), "gallery");
		expect(result).toEqual({ ok: false, error: { key: "images.notImage", values: { name: "notes.jpg" } } });
	});

	it("accepts a PNG named .txt: the name does not matter either", async () => {
		const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
			.png()
			.toBuffer();
		const result = await storeUploadedImage(file(png, "drawing.txt", "text/plain"), "gallery");
		expect(result).toMatchObject({ ok: true, image: { width: 40, height: 30 } });
	});

	it("refuses a 20000×20000 PNG header (a pixel bomb) with a clear message", async () => {
		const bomb = pngHeaderClaiming(20_000, 20_000);
		expect(bomb.length).toBeLessThan(1024);
		const result = await storeUploadedImage(file(bomb, "bomb.png", "image/png"), "projects");
		expect(result).toEqual({
			ok: false,
			error: { key: "images.tooManyPixels", values: { name: "bomb.png", width: 20_000, height: 20_000 } },
		});
	});

	it("drops EXIF metadata", async () => {
		const withExif = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#345" } })
			.withExif({ IFD0: { Copyright: "Secret Owner", Artist: "Someone" } })
			.jpeg()
			.toBuffer();
		expect((await sharp(withExif).metadata()).exif).toBeDefined();
		const result = await storeUploadedImage(file(withExif, "exif.jpg"), "projects");
		if (!result?.ok) throw new Error("expected the image to be stored");
		const stored = fs.readFileSync(path.join(uploads(), result.image.key));
		expect((await sharp(stored).metadata()).exif).toBeUndefined();
		expect(stored.includes("Secret Owner")).toBe(false);
	});

	it("neutralises an SVG: no script, no event handlers, no foreignObject, no external links", async () => {
		const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="80" onload="alert(1)">
  <script type="text/javascript">alert('x')</script>
  <rect width="120" height="80" fill="#e5533d" onclick="steal()" onMouseOver="x()"/>
  <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject>
  <a xlink:href="javascript:alert(2)"><circle cx="40" cy="40" r="20" fill="#222"/></a>
  <use href="https://evil.example/sprite.svg#x"/>
  <image href="http://evil.example/track.png" width="1" height="1"/>
  <rect style="fill: url(https://evil.example/x)" width="1" height="1"/>
  <set attributeName="href" to="javascript:alert(3)"/>
  <text x="10" y="70">&#x3C;script&#x3E; is text</text>
</svg>`;
		const result = await storeUploadedImage(file(svg, "logo.svg", "image/svg+xml"), "projects");
		if (!result?.ok) throw new Error(`expected the SVG to be stored: ${JSON.stringify(result)}`);
		expect(result.image.key).toMatch(/^projects\/[0-9a-f]+\.svg$/);
		expect([result.image.width, result.image.height]).toEqual([120, 80]);
		const stored = fs.readFileSync(path.join(uploads(), result.image.key), "utf8");
		expect(stored).not.toMatch(/<script/i);
		expect(stored).not.toMatch(/\son[a-z]+\s*=/i);
		expect(stored).not.toMatch(/foreignObject|iframe/i);
		expect(stored).not.toMatch(/javascript:/i);
		expect(stored).not.toContain("evil.example");
		expect(stored).not.toMatch(/<set\b/);
		// The drawing itself survives.
		expect(stored).toContain('<rect width="120" height="80" fill="#e5533d"/>');
		expect(stored).toContain('<circle cx="40" cy="40" r="20" fill="#222"/>');
		expect(stored).toContain("&lt;script&gt; is text");
		expect((await sharp(Buffer.from(stored)).metadata()).format).toBe("svg");

		// And it is served as an inert document.
		const answer = await answerImageRequest(getImageStore(), { method: "HEAD", key: result.image.key });
		if (answer.status === 404) throw new Error("the stored SVG is not served");
		expect(answer.headers["Content-Type"]).toBe("image/svg+xml");
		expect(answer.headers["Content-Security-Policy"]).toContain("default-src 'none'");
		expect(answer.headers["Content-Security-Policy"]).toContain("sandbox");
		expect(answer.headers["X-Content-Type-Options"]).toBe("nosniff");
	});

	it("refuses an SVG that declares entities", async () => {
		const svg = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&lol;</text></svg>`;
		const result = await storeUploadedImage(file(svg, "lol.svg", "image/svg+xml"), "projects");
		expect(result).toMatchObject({ ok: false });
	});

	it("treats an absent or empty file as no image", async () => {
		expect(await storeUploadedImage(null, "projects")).toBeNull();
		expect(await storeUploadedImage(file("", "empty.jpg"), "projects")).toBeNull();
	});
});

describe("deleteImageIfUnused", () => {
	it("removes the file and its variants once nothing refers to them, and keeps shared ones", async () => {
		const stored = await storeUploadedImage(file(await noisyJpeg(900, 600), "a.jpg"), "projects");
		if (!stored?.ok) throw new Error("expected the image to be stored");
		const { key } = stored.image;
		const files = [key, variantKey(key, 400), variantKey(key, 800), variantKey(key, 900)];
		for (const name of files) expect(onDisk(name)).toBe(true);

		await db.updateTable("projects").set({ image: key }).where("id", "=", "tidal-relief").execute();
		await deleteImageIfUnused(key);
		for (const name of files) expect(onDisk(name)).toBe(true);

		await db.updateTable("projects").set({ image: null }).where("id", "=", "tidal-relief").execute();
		await deleteImageIfUnused(key);
		for (const name of files) expect(onDisk(name)).toBe(false);
	});

	it("never leaves the uploads folder", async () => {
		const outside = path.join(path.dirname(uploads()), "keep-me.jpg");
		fs.writeFileSync(outside, "x");
		await deleteImageIfUnused("../keep-me.jpg");
		await deleteImageIfUnused(null);
		expect(fs.existsSync(outside)).toBe(true);
	});
});

describe("readUploadForm", () => {
	let tmp: string;
	let previousTmp: string | undefined;
	beforeEach(() => {
		// A private temp dir, so we can see that nothing is left behind.
		previousTmp = process.env.TMPDIR;
		tmp = fs.mkdtempSync(path.join(os.tmpdir(), "forma-tmpdir-"));
		process.env.TMPDIR = tmp;
	});
	afterEach(() => {
		if (previousTmp === undefined) delete process.env.TMPDIR;
		else process.env.TMPDIR = previousTmp;
		fs.rmSync(tmp, { recursive: true, force: true });
	});

	const post = (body: BodyInit, headers: Record<string, string> = {}) =>
		new Request("http://localhost/admin/projects/add", { method: "POST", body, headers });

	it("reads fields and files, keeps file names, and leaves no temp files", async () => {
		const form = new FormData();
		form.append("name", "Стул «Форма»");
		form.append("image", file(await noisyJpeg(50, 50), "main photo.jpg"));
		form.append("gallery", file("one", "one.png", "image/png"));
		form.append("gallery", file("two", "two.png", "image/png"));
		form.append("empty", new File([], ""));
		const parsed = await readUploadForm(post(form));
		expect(parsed.get("name")).toBe("Стул «Форма»");
		const image = parsed.get("image");
		expect(image).toBeInstanceOf(File);
		expect((image as File).name).toBe("main photo.jpg");
		expect((await sharp(Buffer.from(await (image as File).arrayBuffer())).metadata()).width).toBe(50);
		expect(parsed.getAll("gallery").map((entry) => (entry as File).name)).toEqual(["one.png", "two.png"]);
		expect(fs.readdirSync(tmp)).toEqual([]);
	});

	it("drains a file over 5 MB but keeps the rest of the form, for a message next to the field", async () => {
		const form = new FormData();
		form.append("name", "Kept");
		form.append("image", file(Buffer.alloc(MAX_IMAGE_BYTES + 1024 * 1024, 7), "big.jpg"));
		const parsed = await readUploadForm(post(form));
		expect(parsed.get("name")).toBe("Kept");
		const result = await storeUploadedImage(parsed.get("image") as File, "projects");
		expect(result).toEqual({
			ok: false,
			error: { key: "images.tooLarge", values: { name: "big.jpg", size: "6.0" }, help: "images.smallerFile" },
		});
		expect(fs.readdirSync(tmp)).toEqual([]);
	});

	it("answers 413 for a body over the cap, whether Content-Length says so or not", async () => {
		const declared = await settle(() =>
			readUploadForm(
				post("x", {
					"Content-Type": "multipart/form-data; boundary=abc",
					"Content-Length": String(MAX_UPLOAD_REQUEST_BYTES + 1),
				}),
			),
		);
		expect((declared as Response).status).toBe(413);

		const form = new FormData();
		for (let i = 0; i < 9; i++)
			form.append("gallery", file(Buffer.alloc(MAX_IMAGE_BYTES - 10, i), `${i}.jpg`));
		const counted = await settle(() => readUploadForm(post(form)));
		expect((counted as Response).status).toBe(413);
		expect(fs.readdirSync(tmp)).toEqual([]);
	});

	it("answers 413 for an overlong text field and 400 for a broken body", async () => {
		const form = new FormData();
		form.append("description_en", "x".repeat(100 * 1024));
		expect(((await settle(() => readUploadForm(post(form)))) as Response).status).toBe(413);
		const broken = await settle(() =>
			readUploadForm(post("--abc\r\nnonsense", { "Content-Type": "multipart/form-data; boundary=abc" })),
		);
		expect((broken as Response).status).toBe(400);
		expect(fs.readdirSync(tmp)).toEqual([]);
	});

	it("multipart flood: 100 000 tiny parts are refused with 413, and no temp file is left", async () => {
		const { request } = floodOfParts(100_000);
		const result = await settle(() => readUploadForm(request));
		expect(result).toBeInstanceOf(Response);
		expect((result as Response).status).toBe(413);
		expect(fs.readdirSync(tmp)).toEqual([]);
	});

	it("multipart flood: parts past the cap are refused before the rest of the body has even arrived", async () => {
		// The sender stalls just past the cap: a parser that read on would wait here for ever.
		const { request, finish } = floodOfParts(100_000, MAX_FORM_FIELDS + 20);
		try {
			const result = await settle(() => readUploadForm(request));
			expect((result as Response).status).toBe(413);
		} finally {
			finish();
		}
	});

	it("reads a form with as many parts as the cap allows", async () => {
		const { request } = floodOfParts(MAX_FORM_FIELDS);
		const parsed = await readUploadForm(request);
		expect([...parsed.keys()]).toHaveLength(MAX_FORM_FIELDS);
	});

	it("reads an ordinary small form too", async () => {
		const parsed = await readUploadForm(
			post("intent=delete&id=x", { "Content-Type": "application/x-www-form-urlencoded" }),
		);
		expect(parsed.get("intent")).toBe("delete");
	});
});
