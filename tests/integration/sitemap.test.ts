/**
 * The sitemap at any size (issue #33): /sitemap.xml is an index of files of at most 2,000 URLs (1,000
 * pages in two languages), and the files list every public page once per language, with its hreflang
 * alternates and its picture. Over HTTP, on the production build, on a catalogue grown to three files.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { growCatalogue } from "../bench/grow-catalogue";
import { startHttpSite } from "../support/http-site";

const site = await startHttpSite();
const PIECES = 2_500;

async function get(path: string): Promise<{ status: number; type: string; body: string }> {
	const response = await fetch(`${site.origin}${path}`);
	return {
		status: response.status,
		type: response.headers.get("content-type") ?? "",
		body: await response.text(),
	};
}

const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? "");
const entries = (xml: string) => xml.split("<url>").slice(1);

beforeEach(async () => {
	await growCatalogue(db, PIECES);
});

describe("sitemap.xml", () => {
	it("is an index of files, as many as the catalogue needs", async () => {
		const published = await db
			.selectFrom("projects")
			.select((eb) => eb.fn.countAll<number>().as("n"))
			.where("status", "=", "published")
			.executeTakeFirstOrThrow();
		const files = Math.ceil(Number(published.n) / 1_000);
		expect(files).toBe(3);

		const index = await get("/sitemap.xml");
		expect(index.status).toBe(200);
		expect(index.type).toContain("application/xml");
		expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
		expect(locations(index.body)).toEqual([
			`${site.origin}/sitemap/pages.xml`,
			`${site.origin}/sitemap/artists-1.xml`,
			...Array.from({ length: files }, (_, n) => `${site.origin}/sitemap/projects-${n + 1}.xml`),
		]);
		expect((await get(`/sitemap/projects-${files + 1}.xml`)).status).toBe(404);
		for (const name of ["projects-0.xml", "projects-x.xml", "other.xml", "artists-2.xml"])
			expect((await get(`/sitemap/${name}`)).status, name).toBe(404);
	});

	it("lists every published piece once per language, drafts never, with alternates, date and picture", async () => {
		const rows = await db.selectFrom("projects").select(["id", "status"]).execute();
		const listed: string[] = [];
		for (let file = 1; file <= 3; file++) {
			const { status, body } = await get(`/sitemap/projects-${file}.xml`);
			expect(status).toBe(200);
			expect(body).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
			expect(entries(body).length).toBeLessThanOrEqual(2_000);
			listed.push(...locations(body).filter((location) => !location.includes("/resources/")));
		}
		const published = rows.filter((row) => row.status === "published").map((row) => row.id);
		const expected = published.flatMap((id) => {
			const page = `${site.origin}/project/${encodeURIComponent(id)}`;
			return [page, `${page}?lng=ru`];
		});
		expect(new Set(listed).size).toBe(listed.length);
		expect([...listed].sort()).toEqual(expected.sort());

		const first = await get("/sitemap/projects-1.xml");
		const project = `${site.origin}/project/arc-lounge-chair`;
		const chair = entries(first.body).filter(
			(entry) => entry.includes(`<loc>${project}</loc>`) || entry.includes(`<loc>${project}?lng=ru</loc>`),
		);
		expect(chair).toHaveLength(2);
		for (const entry of chair) {
			expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${project}"/>`);
			expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="ru" href="${project}?lng=ru"/>`);
			expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${project}"/>`);
			expect(entry).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}/);
			expect(entry).toMatch(new RegExp(`<image:loc>${site.origin}/resources/images/[^<]+</image:loc>`));
		}
	});

	it("lists the fixed pages and every artist in both languages", async () => {
		const pages = await get("/sitemap/pages.xml");
		for (const path of [
			"/",
			"/art",
			"/artists",
			"/shop",
			"/about",
			"/contact",
			"/shipping",
			"/terms",
			"/privacy",
		]) {
			expect(pages.body).toContain(`<loc>${site.origin}${path}</loc>`);
			expect(pages.body).toContain(`<loc>${site.origin}${path}?lng=ru</loc>`);
		}
		// The home page, four categories, the artists, the shop and five more: each in two languages.
		expect(entries(pages.body)).toHaveLength(24);

		const artists = await get("/sitemap/artists-1.xml");
		const count = await db
			.selectFrom("artists")
			.select((eb) => eb.fn.countAll<number>().as("n"))
			.executeTakeFirstOrThrow();
		expect(entries(artists.body)).toHaveLength(2 * Number(count.n));
		const corpus = entries(artists.body).filter((entry) =>
			entry.includes(`<loc>${site.origin}/artist/corpus-studio</loc>`),
		);
		expect(corpus).toHaveLength(1);
		expect(corpus[0]).toContain("<image:loc>");
	});
});
