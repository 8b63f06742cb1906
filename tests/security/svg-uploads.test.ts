/**
 * Hostile SVGs through the real upload: an administrator of a site of our own uploads each drawing of
 * svg-attacks.ts as a slide, and the stored file, fetched as any visitor would, holds no script, handler
 * or outside reference and is served as a sandboxed document.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { ADMIN, type HttpSite, startHttpSite } from "../support/http-site";
import { plain } from "../support/plain";
import { postSlide, signIn } from "./site";
import { SVG_ATTACKS, svgDangers } from "./svg-attacks";

let site: HttpSite;
let cookie: string;

beforeAll(async () => {
	site = await startHttpSite();
});

// The sessions table is put back before each test: a session of its own for each.
beforeEach(async () => {
	cookie = await signIn(site.origin, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
	await site?.stop();
});

const uploadSlide = (title: string, svg: string, query = ""): Promise<Response> =>
	postSlide(site, cookie, { title, image: new File([svg], "drawing.svg", { type: "image/svg+xml" }), query });

for (const [index, attack] of SVG_ATTACKS.entries()) {
	test(`svg upload: ${attack.name} — stored clean, served sandboxed`, async () => {
		const title = `attack ${index}`;
		const response = await uploadSlide(title, attack.svg);
		const refusal =
			response.status === 302 ? "" : /(Failed|File|The form)[^<]*/.exec(await response.text())?.[0];
		expect(response.status, refusal).toBe(302);
		const slide = await db
			.selectFrom("hero_slides")
			.select("image_url")
			.where("title_en", "=", title)
			.executeTakeFirst();
		expect(slide?.image_url).toMatch(/^slides\/[0-9a-f]+\.svg$/);

		const served = await fetch(`${site.origin}/resources/images/${slide?.image_url}`);
		expect(served.status).toBe(200);
		expect(served.headers.get("content-type")).toBe("image/svg+xml");
		const policy = served.headers.get("content-security-policy") ?? "";
		expect(policy).toContain("default-src 'none'");
		expect(policy).toContain("sandbox");
		expect(served.headers.get("x-content-type-options")).toBe("nosniff");
		const stored = await served.text();
		expect(svgDangers(stored)).toEqual([]);
		expect(stored).toContain('<rect id="kept" width="40" height="30" fill="#3366cc"/>');
	});
}

test("svg upload: a file declaring entities (billion laughs) is refused with the translated message, nothing stored", async () => {
	const laughs = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&b;&b;&b;</text></svg>`;
	const slides = async () => (await db.selectFrom("hero_slides").select("id").execute()).length;
	const slidesBefore = await slides();
	const english = await uploadSlide("laughs", laughs, "?new");
	expect(english.status).toBe(400);
	expect(plain(await english.text())).toContain("Failed to process SVG file drawing.svg");
	const russian = await uploadSlide("laughs", laughs, "?new&lng=ru");
	expect(russian.status).toBe(400);
	expect(plain(await russian.text())).toContain("Не удалось обработать SVG-файл drawing.svg");
	expect(await slides()).toBe(slidesBefore);
});
