/**
 * The image store (docs/decisions/0025) and the way images are served from it (app/server/image-files.ts),
 * the same tests against a folder on disk and against an S3 bucket (s3rver on 127.0.0.1).
 */
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { copyMissingImages, type ImageStore, readImage } from "~/lib/image-store.server";
import { withMemoryCache } from "~/lib/image-store-cache.server";
import { createDiskImageStore } from "~/lib/image-store-disk.server";
import { createS3ImageStore } from "~/lib/image-store-s3.server";
import { variantKey } from "~/lib/images";
import { storeRasterImage } from "~/lib/images.server";
import { imageFiles } from "~/server/image-files";
import { backupTo, restoreFrom } from "~db/backup";
import { openDatabase } from "~db/connection";
import { migrateToLatest } from "~db/migrate";
import { type LocalS3, startLocalS3 } from "../support/s3rver";

let s3: LocalS3;
const tempDirs: string[] = [];
const tempDir = () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-store-"));
	tempDirs.push(dir);
	return dir;
};
let bucketCount = 0;

beforeAll(async () => {
	s3 = await startLocalS3(Array.from({ length: 12 }, (_, index) => `forma-test-${index}`));
});
afterAll(async () => {
	await s3.stop();
	for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh, empty store of each kind for every test. */
const kinds: [string, () => ImageStore][] = [
	["disk", () => createDiskImageStore(path.join(tempDir(), "uploads"))],
	["s3", () => createS3ImageStore(s3.config(`forma-test-${bucketCount++}`))],
];

const SVG = Buffer.from(
	'<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>',
);

describe.each(kinds)("image store on %s", (_kind, makeStore) => {
	let store: ImageStore;
	beforeEach(() => {
		store = makeStore();
		return () => store.close();
	});

	it("stores, reads back, lists by prefix and removes", async () => {
		await store.put("projects/aa11.jpg", Buffer.from("jpeg bytes"));
		await store.put("projects/aa11-400w.webp", Buffer.from("variant"));
		await store.put("projects/aa112233.jpg", Buffer.from("another image"));
		await store.put("slides/bb22.svg", SVG);

		expect((await readImage(store, "projects/aa11.jpg"))?.toString()).toBe("jpeg bytes");
		expect((await store.list("projects/aa11")).sort()).toEqual([
			"projects/aa11-400w.webp",
			"projects/aa11.jpg",
			"projects/aa112233.jpg",
		]);
		expect(await store.list("slides/")).toEqual(["slides/bb22.svg"]);
		expect((await store.list("")).sort()).toEqual([
			"projects/aa11-400w.webp",
			"projects/aa11.jpg",
			"projects/aa112233.jpg",
			"slides/bb22.svg",
		]);
		expect(await store.list("artists/")).toEqual([]);

		// Writing a key again replaces it whole (content-hashed names make this a no-op in practice).
		await store.put("projects/aa11.jpg", Buffer.from("jpeg bytes"));
		await store.remove(["projects/aa11.jpg", "projects/aa11-400w.webp", "projects/never-stored.jpg"]);
		expect(await store.open("projects/aa11.jpg")).toBeNull();
		expect(await store.list("projects/")).toEqual(["projects/aa112233.jpg"]);
	});

	it("answers a conditional open with not-modified, and only when the requester's copy is current", async () => {
		await store.put("gallery/cc33.png", Buffer.from("png bytes"));
		const opened = await store.open("gallery/cc33.png");
		if (opened === null || opened === "not-modified") throw new Error("expected the image");
		opened.body.destroy();
		expect(opened.size).toBe(9);
		expect(opened.etag).toMatch(/^"[^"]+"$/);
		expect(await store.open("gallery/cc33.png", { ifNoneMatch: opened.etag })).toBe("not-modified");
		const later = new Date(Date.now() + 60_000);
		expect(await store.open("gallery/cc33.png", { ifModifiedSince: later })).toBe("not-modified");
		const other = await store.open("gallery/cc33.png", { ifNoneMatch: '"something-else"' });
		expect(other).toMatchObject({ size: 9 });
		if (other && other !== "not-modified") other.body.destroy();
	});

	it("never reaches outside the images: hidden, empty and parent segments are no keys", async () => {
		for (const key of [
			"../outside.jpg",
			"projects/../../x.jpg",
			".health-1",
			"projects//a.jpg",
			"/etc/passwd",
		]) {
			expect(await store.open(key), key).toBeNull();
			await expect(store.put(key, Buffer.from("x")), key).rejects.toThrow(/not an image key/);
		}
	});

	it("stores a raster upload with its WebP width variants", async () => {
		const input = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#c66f45" } })
			.jpeg()
			.toBuffer();
		const image = await storeRasterImage(store, "projects", input);
		expect(image).toMatchObject({ width: 900, height: 600 });
		const stem = image.key.replace(/\.jpg$/, "");
		expect((await store.list(stem)).sort()).toEqual(
			[image.key, variantKey(image.key, 400), variantKey(image.key, 800), variantKey(image.key, 900)].sort(),
		);
		const stored = await readImage(store, image.key);
		expect((await sharp(stored ?? Buffer.alloc(0)).metadata()).format).toBe("jpeg");
	});

	it("reports itself healthy once it holds images", async () => {
		await store.put("artists/gg77.jpg", Buffer.from("jpeg"));
		expect(await store.check()).toBe(true);
	});

	describe("served at /resources/images", () => {
		let origin = "";
		let close: () => Promise<void> = async () => {};
		beforeEach(async () => {
			const app = express();
			app.use(
				"/resources/images",
				imageFiles(store, () => 1),
			);
			const server = app.listen(0, "127.0.0.1");
			await new Promise((resolve) => server.once("listening", resolve));
			origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/resources/images`;
			close = () => new Promise((resolve) => server.close(() => resolve()));
			return () => close();
		});

		it("sends the bytes with immutable caching (a day for a piece's), its type and a validator; 304 when the copy is current", async () => {
			const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } })
				.webp()
				.toBuffer();
			await store.put("projects/dd44-400w.webp", bytes);
			const response = await fetch(`${origin}/projects/dd44-400w.webp`);
			expect(response.status).toBe(200);
			expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
			expect(response.headers.get("content-type")).toBe("image/webp");
			// A piece can go back to draft: caches keep its pictures a day, then revalidate.
			expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
			expect(response.headers.get("x-content-type-options")).toBe("nosniff");
			expect(response.headers.get("content-length")).toBe(String(bytes.length));
			const etag = response.headers.get("etag") ?? "";
			const lastModified = response.headers.get("last-modified") ?? "";
			expect(etag).toMatch(/^"[^"]+"$/);
			expect(Date.parse(lastModified)).not.toBeNaN();

			const revalidated = await fetch(`${origin}/projects/dd44-400w.webp`, {
				headers: { "If-None-Match": etag },
			});
			expect(revalidated.status).toBe(304);
			expect(revalidated.headers.get("etag")).toBe(etag);
			expect(revalidated.headers.get("cache-control")).toBe("public, max-age=86400");
			const byDate = await fetch(`${origin}/projects/dd44-400w.webp`, {
				headers: { "If-Modified-Since": lastModified },
			});
			expect(byDate.status).toBe(304);

			const head = await fetch(`${origin}/projects/dd44-400w.webp`, { method: "HEAD" });
			expect(head.status).toBe(200);
			expect(head.headers.get("content-length")).toBe(String(bytes.length));
			expect((await head.arrayBuffer()).byteLength).toBe(0);

			// An artist's or a slide's picture never stops being public while it is used: kept for a year.
			await store.put("artists/dd44-400w.webp", bytes);
			const artist = await fetch(`${origin}/artists/dd44-400w.webp`);
			expect(artist.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
		});

		it("serves an SVG as a sandboxed document", async () => {
			await store.put("slides/ee55.svg", SVG);
			const response = await fetch(`${origin}/slides/ee55.svg`);
			expect(response.status).toBe(200);
			expect(response.headers.get("content-type")).toBe("image/svg+xml");
			expect(response.headers.get("content-security-policy")).toBe(
				"default-src 'none'; style-src 'unsafe-inline'; sandbox",
			);
			expect(await response.text()).toBe(SVG.toString());
		});

		it("answers 404 for missing images, other file types and paths that try to leave the images", async () => {
			await store.put("projects/ff66.jpg", Buffer.from("jpeg"));
			for (const attempt of [
				"/projects/missing.jpg",
				"/projects/ff66.txt",
				"/projects/..%2F..%2Fpackage.json",
				"/projects/%2e%2e/%2e%2e/package.json",
				"/..%5c..%5cpackage.json",
				"/projects/ff66.jpg%00.png",
				"/%E0%A4%A",
				"/",
			]) {
				const response = await fetch(`${origin}${attempt}`);
				expect(response.status, attempt).toBe(404);
			}
			const post = await fetch(`${origin}/projects/ff66.jpg`, { method: "POST" });
			expect(post.status).toBe(405);
			expect(post.headers.get("allow")).toBe("GET, HEAD");
		});
	});
});

describe("images from a bucket kept in memory", () => {
	it("answers repeat requests without the bucket, one fetch for many at once, and lets go when content changes", async () => {
		const bucket = createS3ImageStore(s3.config(`forma-test-${bucketCount++}`));
		let opens = 0;
		const counted: ImageStore = {
			...bucket,
			open(key, conditions) {
				opens += 1;
				return bucket.open(key, conditions);
			},
		};
		let version = 1;
		const cached = withMemoryCache(counted, () => version);
		try {
			await bucket.put("projects/jj10.jpg", Buffer.from("kept bytes"));
			const texts = await Promise.all(
				Array.from({ length: 5 }, async () => (await readImage(cached, "projects/jj10.jpg"))?.toString()),
			);
			expect(texts).toEqual(Array(5).fill("kept bytes"));
			expect(opens).toBe(1);
			const first = await cached.open("projects/jj10.jpg");
			if (first === null || first === "not-modified") throw new Error("expected the kept image");
			first.body.destroy();
			expect(await cached.open("projects/jj10.jpg", { ifNoneMatch: first.etag })).toBe("not-modified");
			expect(opens).toBe(1);

			// An admin's change (here: the image deleted) moves the content version: nothing kept is served.
			await bucket.remove(["projects/jj10.jpg"]);
			expect(await readImage(cached, "projects/jj10.jpg")).not.toBeNull();
			version = 2;
			expect(await cached.open("projects/jj10.jpg")).toBeNull();
			expect(await cached.open("projects/missing.jpg")).toBeNull();
		} finally {
			bucket.close();
		}
	});
});

describe("health of a store that is not there", () => {
	it("disk: a folder that cannot be written to", async () => {
		const file = path.join(tempDir(), "not-a-folder");
		fs.writeFileSync(file, "");
		expect(await createDiskImageStore(file).check()).toBe(false);
	});

	it("s3: a bucket that does not exist, and a store that does not answer", async () => {
		const missing = createS3ImageStore(s3.config("no-such-bucket"));
		expect(await missing.check()).toBe(false);
		missing.close();
		// A port nothing listens on: refused at once, reported as down rather than thrown.
		const down = createS3ImageStore({ ...s3.config("forma-test-0"), endpoint: "http://127.0.0.1:9" });
		expect(await down.check()).toBe(false);
		down.close();
	});

	it("s3: a store that accepts connections and never answers is down after the check's timeout", async () => {
		const sockets: net.Socket[] = [];
		const silent = net.createServer((socket) => sockets.push(socket));
		silent.listen(0, "127.0.0.1");
		await new Promise((resolve) => silent.once("listening", resolve));
		const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
		const hanging = createS3ImageStore({ ...s3.config("forma-test-0"), endpoint });
		const started = performance.now();
		try {
			expect(await hanging.check()).toBe(false);
			expect(performance.now() - started).toBeLessThan(5000);
		} finally {
			hanging.close();
			for (const socket of sockets) socket.destroy();
			silent.close();
		}
	});
});

describe("backups of images in a bucket", () => {
	it("copy the bucket into the backup folder, and a restore fills an empty bucket from it", async () => {
		const dir = tempDir();
		const { db } = openDatabase(path.join(dir, "live.sqlite"));
		await migrateToLatest(db);
		await db.destroy();
		const live = createS3ImageStore(s3.config("forma-test-10"));
		const restored = createS3ImageStore(s3.config("forma-test-11"));
		try {
			await live.put("projects/hh88.jpg", Buffer.from("cover"));
			await live.put("projects/hh88-400w.webp", Buffer.from("variant"));
			await live.put("artists/ii99.svg", SVG);

			const manifest = await backupTo(path.join(dir, "backup"), {
				databasePath: path.join(dir, "live.sqlite"),
				uploadsDir: path.join(dir, "unused"),
				images: live,
			});
			expect(manifest.uploadFiles).toBe(3);
			expect(fs.readFileSync(path.join(dir, "backup/uploads/projects/hh88.jpg"), "utf8")).toBe("cover");

			const target = { databasePath: path.join(dir, "restored.sqlite"), uploadsDir: "", images: restored };
			await restoreFrom(path.join(dir, "backup"), target);
			expect((await restored.list("")).sort()).toEqual([
				"artists/ii99.svg",
				"projects/hh88-400w.webp",
				"projects/hh88.jpg",
			]);
			expect((await readImage(restored, "artists/ii99.svg"))?.toString()).toBe(SVG.toString());
			// Only into an empty store: a second restore would mix two sites' images.
			fs.rmSync(target.databasePath);
			await expect(restoreFrom(path.join(dir, "backup"), target)).rejects.toThrow(
				"s3://forma-test-11 is not empty: restore only into an empty data directory",
			);
			// Copying again copies nothing: what the target has is left alone.
			expect(await copyMissingImages(live, restored)).toBe(0);
		} finally {
			live.close();
			restored.close();
		}
	});
});
