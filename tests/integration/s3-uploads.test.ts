/**
 * The app with its images in S3 (docs/decisions/0025): an admin uploads a slide through the real form
 * action, the image and its variants land in the bucket (not on disk), /resources/images serves them back
 * from the bucket, and deleting the slide deletes them. s3rver on 127.0.0.1 plays the bucket.
 *
 * App modules read the environment once, when first imported, so the bucket is started and named before
 * any of them is loaded (dynamic imports below).
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLocalS3 } from "../support/s3rver";

const BUCKET = "forma-uploads";
const s3 = await startLocalS3([BUCKET]);
Object.assign(process.env, s3.env(BUCKET));

const { getImageStore } = await import("~/lib/image-store.server");
const { variantKey } = await import("~/lib/images");
const { db } = await import("~/lib/db.server");
const { createUser } = await import("~/models/users.server");
const { action: sliderAction } = await import("~/routes/admin.slider/route");
const { startSession } = await import("~/services/auth.server");
const { imageFiles } = await import("~/server/image-files");
const { openSiteState } = await import("~/server/site-state");
const { withFormTokenIn } = await import("../support/form-tokens");
const { formRequest, settle } = await import("../support/requests");
const { withVersionIn } = await import("../support/versions");

let origin = "";
let stopServing: () => Promise<void> = async () => {};
/** The server's own view of the site: its content version lets go of images kept in memory. */
const site = await openSiteState({ DATABASE_PATH: process.env.DATABASE_PATH ?? "" });
beforeAll(async () => {
	const app = express();
	app.use(
		"/resources/images",
		imageFiles(getImageStore(), () => site.contentVersion()),
	);
	const server = app.listen(0, "127.0.0.1");
	await new Promise((resolve) => server.once("listening", resolve));
	origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	stopServing = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(async () => {
	await stopServing();
	site.close();
	getImageStore().close();
	await s3.stop();
});

let admin = "";
beforeEach(async () => {
	const user = await createUser({
		email: "s3-admin@example.com",
		phone: null,
		password: "s3-admin-password",
		role: "admin",
		username: "s3-admin",
	});
	admin = (await startSession(user.id)).split(";")[0] ?? "";
});

/** The add-slide form as the browser posts it, with its one-time token. */
async function addSlide(title: string, picture: Buffer) {
	const body = new FormData();
	for (const [name, value] of Object.entries({
		intent: "save",
		titleEn: title,
		titleRu: "Слайд",
		subtitleEn: "Kept in a bucket",
		subtitleRu: "Хранится в бакете",
		category: "design",
		isActive: "on",
	}))
		body.set(name, value);
	body.set("image", new File([new Uint8Array(picture)], "slide.jpg", { type: "image/jpeg" }));
	const request = new Request("http://localhost/admin/slider?new", {
		method: "POST",
		body,
		headers: { Cookie: admin },
	});
	return (await settle(async () =>
		sliderAction({ request: await withFormTokenIn(request), params: {}, context: {} }),
	)) as Response;
}

describe("images in S3", () => {
	it("an upload lands in the bucket, is served from it at /resources/images and is deleted with its slide", async () => {
		const picture = await sharp({ create: { width: 1000, height: 500, channels: 3, background: "#2a6f97" } })
			.jpeg()
			.toBuffer();
		const created = await addSlide("Stored in S3", picture);
		expect(created.status).toBe(302);
		const slide = await db
			.selectFrom("hero_slides")
			.selectAll()
			.where("title_en", "=", "Stored in S3")
			.executeTakeFirstOrThrow();
		const key = slide.image_url;
		expect(key).toMatch(/^slides\/[0-9a-f]+\.jpg$/);
		const stem = key.replace(/\.jpg$/, "");

		// In the bucket, with its variants, and not in the uploads folder.
		const variants = [400, 800, 1000].map((width) => variantKey(key, width));
		expect((await getImageStore().list(stem)).sort()).toEqual([key, ...variants].sort());
		expect(fs.existsSync(path.join(process.env.UPLOADS_DIR ?? "", key))).toBe(false);

		// Served back from the bucket, as a browser would ask for it.
		const served = await fetch(`${origin}/resources/images/${key}`);
		expect(served.status).toBe(200);
		expect(served.headers.get("content-type")).toBe("image/jpeg");
		expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
		const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
		expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1000, 500]);
		const etag = served.headers.get("etag") ?? "";
		const again = await fetch(`${origin}/resources/images/${key}`, { headers: { "If-None-Match": etag } });
		expect(again.status).toBe(304);
		const variant = await fetch(`${origin}/resources/images/${variants[0]}`);
		expect(variant.status).toBe(200);
		expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(400);

		// Deleting the slide deletes the files it alone used.
		const deleted = (await settle(async () =>
			sliderAction({
				request: await withVersionIn(
					formRequest("/admin/slider", { intent: "delete", id: String(slide.id) }, { cookie: admin }),
					"hero_slides",
				),
				params: {},
				context: {},
			}),
		)) as Response;
		expect(deleted.status).toBe(302);
		expect(await getImageStore().list(stem)).toEqual([]);
		// Served from memory until now; the deletion's change lets go of it (on every instance).
		await site.caughtUp();
		expect((await fetch(`${origin}/resources/images/${key}`)).status).toBe(404);
	});
});
