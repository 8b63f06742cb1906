/**
 * A site with its images in an S3 bucket (docs/decisions/0025), s3rver on 127.0.0.1 playing the bucket: keys
 * that are not images' and paths that try to leave them get 404, a hostile SVG uploaded into the bucket is
 * served sandboxed, and /healthz follows the store. That set-up seeds the catalogue into a bucket, pages'
 * images come from it, and a partial configuration stops the start are process proofs (s3-images.spec.ts).
 */
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { ADMIN, type HttpSite, startHttpSite } from "../support/http-site";
import { type LocalS3, startLocalS3 } from "../support/s3rver";
import { postSlide, signIn } from "./site";
import { SVG_ATTACKS, svgDangers } from "./svg-attacks";

const BUCKET = "forma-images";
let s3: LocalS3;
let site: HttpSite;

beforeAll(async () => {
	s3 = await startLocalS3([BUCKET]);
	site = await startHttpSite(s3.env(BUCKET));
});

afterAll(async () => {
	await site?.stop();
	await s3?.stop();
});

test("a bucket's other objects and paths that try to leave the images are not served", async () => {
	// An object that is not an image, planted in the bucket by someone else.
	const client = new S3Client({ ...s3.config(BUCKET), requestChecksumCalculation: "WHEN_REQUIRED" });
	await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: "projects/notes.txt", Body: "secret" }));
	await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: ".env.jpg", Body: "secret" }));
	client.destroy();
	for (const attempt of [
		"projects/notes.txt",
		".env.jpg",
		"projects/..%2F.env.jpg",
		"..%2F..%2Fforma-images%2F.env.jpg",
		"projects%2F..%2F.env.jpg",
		"projects/missing.jpg",
		"%2Fprojects%2Fnotes.txt",
	]) {
		const response = await fetch(`${site.origin}/resources/images/${attempt}`, { redirect: "manual" });
		expect(response.status, attempt).toBe(404);
		expect(await response.text(), attempt).not.toContain("secret");
	}
});

test("a hostile SVG uploaded into the bucket is stored clean and served sandboxed", async () => {
	const cookie = await signIn(site.origin, ADMIN.username, ADMIN.password);
	const attack = SVG_ATTACKS[0];
	if (!attack) throw new Error("no SVG attack to try");
	const upload = await postSlide(site, cookie, {
		title: "bucket attack",
		image: new File([attack.svg], "drawing.svg", { type: "image/svg+xml" }),
	});
	expect(upload.status).toBe(302);
	const slide = await db
		.selectFrom("hero_slides")
		.select("image_url")
		.where("title_en", "=", "bucket attack")
		.executeTakeFirst();
	expect(slide?.image_url).toMatch(/^slides\/[0-9a-f]+\.svg$/);
	const served = await fetch(`${site.origin}/resources/images/${slide?.image_url}`);
	expect(served.status).toBe(200);
	expect(served.headers.get("content-type")).toBe("image/svg+xml");
	expect(served.headers.get("content-security-policy")).toBe(
		"default-src 'none'; style-src 'unsafe-inline'; sandbox",
	);
	expect(served.headers.get("x-content-type-options")).toBe("nosniff");
	expect(svgDangers(await served.text())).toEqual([]);
});

test("/healthz follows the bucket: 503 while the store is down, 200 once it is back", async () => {
	const health = async () => {
		const response = await fetch(`${site.origin}/healthz`);
		return { status: response.status, ...((await response.json()) as Record<string, boolean>) };
	};
	expect(await health()).toEqual({ status: 200, ok: true, database: true, uploads: true });
	const { port, directory } = s3;
	await s3.stop({ keepData: true });
	expect(await health()).toEqual({ status: 503, ok: false, database: true, uploads: false });
	s3 = await startLocalS3([BUCKET], { port, directory });
	await expect.poll(async () => (await health()).status, { timeout: 10_000 }).toBe(200);
});
