/**
 * A production server with its images in an S3 bucket (docs/decisions/0025), s3rver on 127.0.0.1 playing
 * the bucket: set-up seeds the catalogue's pictures into the bucket, pages' images are served from it by the
 * app (the bucket never named to a visitor), and a partial S3 configuration stops the server with the
 * variable's name. Proofs about starting, so processes; what the site does with a bucket over HTTP (other
 * objects, paths out of it, hostile SVGs, /healthz) is s3-images.test.ts.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { type LocalS3, startLocalS3 } from "../support/s3rver";
import { BUILD_DIR, prepareSite, runSetup, type Site, securityPort, startSite } from "./site";

const BUCKET = "forma-images";
let s3: LocalS3;
let site: Site;

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

test.beforeAll(async () => {
	// Set-up seeds the whole catalogue into the bucket: on a busy 2-core machine that took over a minute.
	test.setTimeout(180_000);
	// In a process of its own: set-up (spawnSync) holds this one while it seeds the bucket.
	s3 = await startLocalS3([BUCKET], { ownProcess: true });
	// A site of its own, seeded anew: the e2e template's pictures are on disk, not in this bucket.
	site = await startSite(securityPort(29), s3.env(BUCKET), { fromTemplate: false });
});

test.afterAll(async () => {
	await site?.stop();
	await s3?.stop();
});

const imageKeys = (html: string) =>
	[...html.matchAll(/\/resources\/images\/([\w/.-]+)/g)].map((match) => match[1]);

test("images in a bucket: the seeded pages' pictures come from it through the app, and the bucket stays out of sight", async () => {
	const home = await (await fetch(`${site.origin}/`)).text();
	const keys = [...new Set(imageKeys(home))];
	expect(keys.length).toBeGreaterThan(3);
	expect(home).not.toContain(s3.endpoint);
	expect(home).not.toContain(BUCKET);
	for (const key of keys.slice(0, 6)) {
		const response = await fetch(`${site.origin}/resources/images/${key}`, { redirect: "manual" });
		expect(response.status, key).toBe(200);
		// A piece's pictures are kept a day (it may go back to draft), the others a year (docs/decisions/0025).
		expect(response.headers.get("cache-control")).toBe(
			/^(projects|gallery)\//.test(key ?? "")
				? "public, max-age=86400"
				: "public, max-age=31536000, immutable",
		);
		expect(response.headers.get("content-type")).toMatch(/^image\/(jpeg|webp|svg\+xml)$/);
		expect(response.headers.get("location")).toBeNull();
		expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
	}
	// Nothing of it is on the server's disk.
	expect(fs.existsSync(site.uploadsDir)).toBe(false);
});

test("a partial S3 configuration stops the start with the missing variable's name", async () => {
	for (const [changes, message] of [
		[{ ...s3.env(BUCKET), S3_REGION: undefined }, "S3_REGION: is required with S3_BUCKET"],
		[{ ...s3.env(BUCKET), S3_BUCKET: undefined }, "S3_BUCKET: is required when S3_ENDPOINT is set"],
		[
			{ ...s3.env(BUCKET), S3_SECRET_ACCESS_KEY: undefined },
			"S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID",
		],
		[{ ...s3.env(BUCKET), S3_FORCE_PATH_STYLE: "sometimes" }, "S3_FORCE_PATH_STYLE: must be true or false"],
	] as const) {
		const prepared = prepareSite(securityPort(30), changes, { fromTemplate: false });
		try {
			// npm start's set-up step refuses first; the server itself would too.
			const setup = runSetup(prepared.env);
			expect(setup.status).not.toBe(0);
			expect(setup.output).toContain(message);
			const server = spawnSync("node", [`${BUILD_DIR}/server/server.js`, `${BUILD_DIR}/index.js`], {
				env: prepared.env,
				encoding: "utf8",
				timeout: 30_000,
			});
			expect(server.status).toBe(1);
			expect(`${server.stdout}${server.stderr}`).toContain(message);
		} finally {
			fs.rmSync(prepared.dataDir, { recursive: true, force: true });
		}
	}
});
