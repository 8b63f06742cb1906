import { expect, test } from "@playwright/test";
import { ADMIN, type Site, securityPort, signIn, startSite } from "./site";

/**
 * Images of retracted pieces (pen test, round 3): a piece sent back to draft disappeared from the site,
 * but its pictures stayed public — and `immutable` for a year, so every cache that had them kept them. An
 * image that only drafts use is served to administrators only, and a piece's published images may be kept
 * for a day (then revalidated by their ETag), so a retraction reaches caches within a day.
 */
test.describe.configure({ mode: "serial" });

let site: Site;

test.beforeAll(async () => {
	site = await startSite(securityPort(35));
});

test.afterAll(async () => {
	await site?.stop();
});

/** The stored image keys only this piece uses (cover and gallery), and the URLs its page shows. */
function imagesOnlyUsedBy(projectId: string): string[] {
	const keys = site
		.query<{ key: string }>(
			`select image as key from projects where id = ?
			 union select image_url as key from project_images where project_id = ?`,
			projectId,
			projectId,
		)
		.map((row) => row.key);
	return keys.filter(
		(key) =>
			site.query(
				`select 1 from projects where image = ? and id <> ?
				 union all select 1 from project_images where image_url = ? and project_id <> ?
				 union all select 1 from hero_slides where image_url = ?
				 union all select 1 from artists where image = ?`,
				key,
				projectId,
				key,
				projectId,
				key,
				key,
			).length === 0,
	);
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

test("retracted piece: its images are public for a day (not a year) while published, then only administrators get them", async () => {
	const [project] = site.query<{ id: string }>(
		`select p.id from projects p where p.status = 'published' and p.image is not null
		 and exists (select 1 from project_images g where g.project_id = p.id) order by p.id`,
	);
	expect(project).toBeTruthy();
	const projectId = project?.id ?? "";
	const keys = imagesOnlyUsedBy(projectId);
	expect(keys.length, "the piece has pictures of its own").toBeGreaterThan(1);
	const urls = await imageUrlsOnPage(projectId, keys);
	expect(urls.length, "its page shows them").toBeGreaterThan(1);

	for (const url of urls) {
		const response = await fetch(`${site.origin}${url}`);
		expect(response.status, url).toBe(200);
		const cacheControl = response.headers.get("cache-control") ?? "";
		expect(cacheControl, url).toBe("public, max-age=86400");
		expect(response.headers.get("etag"), url).toBeTruthy();
	}

	// The administrator sends the piece back to draft (the row's status, as the edit form writes it).
	site.query("update projects set status = 'draft' where id = ?", projectId);
	const admin = await signIn(site.origin, ADMIN.username, ADMIN.password);
	for (const url of urls) {
		const anonymous = await fetch(`${site.origin}${url}`);
		expect(anonymous.status, url).toBe(404);
		const preview = await fetch(`${site.origin}${url}`, { headers: { Cookie: admin } });
		expect(preview.status, url).toBe(200);
		expect(preview.headers.get("cache-control"), url).toBe("private, no-cache");
	}
	// A condition does not reveal it either.
	const conditional = await fetch(`${site.origin}${urls[0]}`, { headers: { "If-None-Match": "*" } });
	expect(conditional.status).toBe(404);

	// Published again: public again.
	site.query("update projects set status = 'published' where id = ?", projectId);
	expect((await fetch(`${site.origin}${urls[0]}`)).status).toBe(200);
});

test("retracted piece: images the site shows elsewhere (slides, artists) stay public and immutable", async () => {
	const [slide] = site.query<{ key: string }>("select image_url as key from hero_slides order by id limit 1");
	expect(slide).toBeTruthy();
	const response = await fetch(`${site.origin}/resources/images/${slide?.key}`);
	expect(response.status).toBe(200);
	expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
});
