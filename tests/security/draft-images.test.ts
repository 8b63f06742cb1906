import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { ADMIN, type HttpSite, startHttpSite } from "../support/http-site";
import { signIn } from "./site";

/**
 * Images of retracted pieces (pen test, round 3): a piece sent back to draft disappeared from the site,
 * but its pictures stayed public — and `immutable` for a year, so every cache that had them kept them. An
 * image that only drafts use is served to administrators only, and a piece's published images may be kept
 * for a day (then revalidated by their ETag), so a retraction reaches caches within a day.
 */
let site: HttpSite;

beforeAll(async () => {
	site = await startHttpSite();
});

afterAll(async () => {
	await site?.stop();
});

/** The stored image keys only this piece uses (cover and gallery). */
async function imagesOnlyUsedBy(projectId: string): Promise<string[]> {
	const cover = await db.selectFrom("projects").select("image").where("id", "=", projectId).execute();
	const gallery = await db
		.selectFrom("project_images")
		.select("image_url")
		.where("project_id", "=", projectId)
		.execute();
	const keys = new Set([
		...cover.flatMap((row) => (row.image ? [row.image] : [])),
		...gallery.map((row) => row.image_url),
	]);
	const elsewhere = new Set<string>();
	const others = await Promise.all([
		db.selectFrom("projects").select("image as key").where("id", "<>", projectId).execute(),
		db.selectFrom("project_images").select("image_url as key").where("project_id", "<>", projectId).execute(),
		db.selectFrom("hero_slides").select("image_url as key").execute(),
		db.selectFrom("artists").select("image as key").execute(),
	]);
	for (const row of others.flat()) if (row.key) elsewhere.add(row.key);
	return [...keys].filter((key) => !elsewhere.has(key));
}

/** Every image URL of the piece's public page: originals and their width variants. */
async function imageUrlsOnPage(projectId: string, keys: string[]): Promise<string[]> {
	const html = await (await fetch(`${site.origin}/project/${projectId}`)).text();
	const urls = new Set<string>();
	for (const match of html.matchAll(/\/resources\/images\/[^"'\s,?]+/g)) {
		const url = match[0];
		const key = url.slice("/resources/images/".length);
		const stem = (value: string) => value.replace(/(-\d+w)?\.[a-z0-9]+$/i, "");
		if (keys.some((candidate) => stem(candidate) === stem(key))) urls.add(url);
	}
	return [...urls];
}

/** The administrator's edit form writes the row's status; the site hears of it as of any other edit. */
async function setStatus(projectId: string, status: "draft" | "published") {
	await db.updateTable("projects").set({ status }).where("id", "=", projectId).execute();
	await site.caughtUp();
}

test("retracted piece: its images are public for a day (not a year) while published, then only administrators get them", async () => {
	const project = await db
		.selectFrom("projects as p")
		.select("p.id")
		.where("p.status", "=", "published")
		.where("p.image", "is not", null)
		.where(({ exists, selectFrom }) =>
			exists(selectFrom("project_images as g").select("g.id").whereRef("g.project_id", "=", "p.id")),
		)
		.orderBy("p.id")
		.executeTakeFirst();
	expect(project).toBeTruthy();
	const projectId = project?.id ?? "";
	const keys = await imagesOnlyUsedBy(projectId);
	expect(keys.length, "the piece has pictures of its own").toBeGreaterThan(1);
	const urls = await imageUrlsOnPage(projectId, keys);
	expect(urls.length, "its page shows them").toBeGreaterThan(1);

	for (const url of urls) {
		const response = await fetch(`${site.origin}${url}`);
		expect(response.status, url).toBe(200);
		const cacheControl = response.headers.get("cache-control") ?? "";
		expect(cacheControl, url).toBe("public, max-age=86400");
		expect(response.headers.get("etag"), url).toBeTruthy();
		await response.arrayBuffer();
	}

	// The administrator sends the piece back to draft.
	await setStatus(projectId, "draft");
	const admin = await signIn(site.origin, ADMIN.username, ADMIN.password);
	for (const url of urls) {
		const anonymous = await fetch(`${site.origin}${url}`);
		expect(anonymous.status, url).toBe(404);
		await anonymous.arrayBuffer();
		const preview = await fetch(`${site.origin}${url}`, { headers: { Cookie: admin } });
		expect(preview.status, url).toBe(200);
		expect(preview.headers.get("cache-control"), url).toBe("private, no-cache");
		await preview.arrayBuffer();
	}
	// A condition does not reveal it either.
	const conditional = await fetch(`${site.origin}${urls[0]}`, { headers: { "If-None-Match": "*" } });
	expect(conditional.status).toBe(404);

	// Published again: public again.
	await setStatus(projectId, "published");
	expect((await fetch(`${site.origin}${urls[0]}`)).status).toBe(200);
});

test("retracted piece: images the site shows elsewhere (slides, artists) stay public and immutable", async () => {
	const slide = await db
		.selectFrom("hero_slides")
		.select("image_url as key")
		.orderBy("id")
		.limit(1)
		.executeTakeFirst();
	expect(slide).toBeTruthy();
	const response = await fetch(`${site.origin}/resources/images/${slide?.key}`);
	expect(response.status).toBe(200);
	expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
});
