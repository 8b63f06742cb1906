import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { artistIdFromName } from "~/lib/artist-form";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { getProjectById, listProjectsByArtist } from "~/models/projects.server";
import { createUser } from "~/models/users.server";
import { action as artistsAction, loader as artistsLoader } from "~/routes/admin.artists/route";
import { loader as artistPageLoader } from "~/routes/artist.$id/route";
import { loader as shopLoader } from "~/routes/shop/route";
import { startSession } from "~/services/auth.server";
import { openSiteState } from "../../app/server/site-state";
import { withFormTokenIn } from "../support/form-tokens";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";
import { withVersionIn } from "../support/versions";

let admin = "";
let user = "";

beforeEach(async () => {
	const boss = await createUser({
		email: "artists-admin@example.com",
		phone: null,
		password: "artists-password",
		role: "admin",
		username: "artists-admin",
	});
	admin = (await startSession(boss.id)).split(";")[0] ?? "";
	const visitor = await createUser({
		email: "artists-user@example.com",
		phone: null,
		password: "artists-password",
		username: "artists-user",
	});
	user = (await startSession(visitor.id)).split(";")[0] ?? "";
});

let hue = 0;
async function portrait(): Promise<File> {
	hue += 41;
	const bytes = await sharp({
		create: { width: 300, height: 400, channels: 3, background: { r: hue % 256, g: 90, b: (hue * 7) % 256 } },
	})
		.png()
		.toBuffer();
	return new File([new Uint8Array(bytes)], "portrait.png", { type: "image/png" });
}

const FIELDS = {
	intent: "create",
	name: "Atelier Nove",
	cityEn: "Milan",
	cityRu: "Милан",
	website: "https://nove.example.org",
	sortOrder: "12",
	descriptionEn: "Chairs and lamps.",
	descriptionRu: "Стулья и лампы.",
};

function multipart(
	fields: Record<string, string>,
	file: File | null = null,
	{ cookie = admin, query = "?new" } = {},
): Request {
	const body = new FormData();
	for (const [name, value] of Object.entries(fields)) body.set(name, value);
	body.set("image", file ?? new File([], "", { type: "application/octet-stream" }));
	return new Request(`http://localhost/admin/artists${query}`, {
		method: "POST",
		body,
		headers: { Cookie: cookie },
	});
}

/** Posts as the browser does: the add form goes with the one-time token its page handed out. */
const run = async (request: Request) => {
	const adding = (await request.clone().formData()).get("intent") === "create";
	// Edits and deletes carry the version the page showed (docs/decisions/0023): the stored one.
	const sent = adding ? await withFormTokenIn(request) : await withVersionIn(request, "artists");
	return settle(() => artistsAction({ request: sent, params: {}, context: {} }));
};
const artist = (id: string) => db.selectFrom("artists").selectAll().where("id", "=", id).executeTakeFirst();
const artistCount = async () => (await db.selectFrom("artists").select("id").execute()).length;
const onDisk = (key: string | null | undefined) =>
	Boolean(key) && fs.existsSync(path.join(process.env.UPLOADS_DIR ?? "", key ?? ""));
const portraitFiles = () => {
	const folder = path.join(process.env.UPLOADS_DIR ?? "", "artists");
	return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
};
/** What the server's page cache keys on (app/server/site-state.ts), once every write so far has reached it. */
const contentVersion = async () => {
	const site = await openSiteState(getEnv());
	try {
		await site.caughtUp();
		return site.contentVersion();
	} finally {
		site.close();
	}
};

describe("admin artists", () => {
	it("lists every artist with their works for admins only, never cached", async () => {
		const view = (await artistsLoader({
			request: getRequest("/admin/artists", admin),
			params: {},
			context: {},
		})) as unknown as { data: { artists: { id: string; works: number }[] }; init: ResponseInit };
		expect(view.data.artists.find((row) => row.id === "corpus-studio")?.works).toBe(3);
		expect(new Headers(view.init.headers).get("Cache-Control")).toBe("no-store");
		const anonymous = (await settle(() =>
			artistsLoader({ request: getRequest("/admin/artists"), params: {}, context: {} }),
		)) as Response;
		expect(anonymous.status).toBe(302);
		expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
	});

	it("refuses visitors who are not admins, changing nothing", async () => {
		const before = await artistCount();
		const asUser = (await run(multipart(FIELDS, null, { cookie: user }))) as Response;
		expect(asUser.headers.get("Location")).toBe("/account");
		const anonymous = (await run(multipart(FIELDS, null, { cookie: "" }))) as Response;
		expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
		const deleteAsUser = (await run(
			formRequest("/admin/artists", { intent: "delete", id: "owl" }, { cookie: user }),
		)) as Response;
		expect(deleteAsUser.headers.get("Location")).toBe("/account");
		expect(await artistCount()).toBe(before);
	});

	it("adds an artist with a portrait; the id comes from the name, Cyrillic transliterated", async () => {
		const response = (await run(multipart(FIELDS, await portrait()))) as Response;
		expect(response.status).toBe(302);
		expect(response.headers.get("Location")).toBe("/admin/artists");
		expect(response.headers.getSetCookie().join()).toContain("forma_toast=");
		const saved = await artist("atelier-nove");
		expect(saved).toMatchObject({
			name: "Atelier Nove",
			city_en: "Milan",
			city_ru: "Милан",
			website: "https://nove.example.org",
			sort_order: 12,
			description_ru: "Стулья и лампы.",
			image_width: 300,
			image_height: 400,
		});
		expect(saved?.image).toMatch(/^artists\//);
		expect(onDisk(saved?.image)).toBe(true);

		expect(artistIdFromName("Студия Ткань")).toBe("studiya-tkan");
		expect(artistIdFromName("Ёлка & Щука")).toBe("elka-shchuka");
		expect(artistIdFromName("Йошкар-Ола Мастерская")).toBe("yoshkar-ola-masterskaya");
		const cyrillic = (await run(multipart({ ...FIELDS, name: "Студия Ткань", website: "" }))) as Response;
		expect(cyrillic.status).toBe(302);
		expect(await artist("studiya-tkan")).toMatchObject({ name: "Студия Ткань", website: null, image: null });
		// A generated id that is taken gets a number; a chosen one is refused.
		await run(multipart({ ...FIELDS, name: "Studiya  Tkan!" }));
		expect((await artist("studiya-tkan-2"))?.name).toBe("Studiya  Tkan!");
	});

	it("refuses bad input with 400 and field errors, saving nothing", async () => {
		const before = await artistCount();
		const filesBefore = portraitFiles();
		const cases: Array<[Record<string, string>, string]> = [
			[{ ...FIELDS, name: "   " }, "admin:artists.errors.nameRequired"],
			[{ ...FIELDS, id: "corpus-studio" }, "admin:artists.errors.idTaken"],
			[{ ...FIELDS, id: "Bad ID" }, "admin:artists.errors.idInvalid"],
			[{ ...FIELDS, name: "corpus STUDIO" }, "admin:artists.errors.nameTaken"],
			[{ ...FIELDS, website: "javascript:alert(1)" }, "admin:artists.errors.websiteInvalid"],
			[{ ...FIELDS, website: "ftp://files.example.org" }, "admin:artists.errors.websiteInvalid"],
			[{ ...FIELDS, sortOrder: "1.5" }, "admin:artists.errors.orderInvalid"],
		];
		for (const [fields, message] of cases) {
			const result = await run(multipart(fields, await portrait()));
			expect(statusOf(result), message).toBe(400);
			expect(JSON.stringify(result)).toContain(message);
		}
		const notAnImage = await run(
			multipart(
				FIELDS,
				new File([new TextEncoder().encode("not a picture")], "x.png", { type: "image/png" }),
			),
		);
		expect(statusOf(notAnImage)).toBe(400);
		expect(JSON.stringify(notAnImage)).toContain("images.notImage");
		expect(await artistCount()).toBe(before);
		// Portraits stored for a refused form are removed again.
		expect(portraitFiles()).toEqual(filesBefore);
	});

	it("renames an artist everywhere at once: project pages, the artist page, the shop filter; the id stays", async () => {
		const versionBefore = await contentVersion();
		const response = (await run(
			multipart(
				{
					...FIELDS,
					intent: "update",
					id: "bureau-nord",
					name: "Bureau Nord Studio",
					website: "",
				},
				null,
				{ query: "?edit=bureau-nord" },
			),
		)) as Response;
		expect(response.status).toBe(302);
		// The page cache keys on the content version: an artist write moves it (migration 0005's triggers).
		expect(await contentVersion()).toBeGreaterThan(versionBefore);
		const saved = await artist("bureau-nord");
		expect(saved).toMatchObject({ name: "Bureau Nord Studio", city_en: "Milan", website: null });
		const works = await listProjectsByArtist("bureau-nord");
		expect(works.length).toBeGreaterThan(0);
		for (const work of works) expect((await getProjectById(work.id))?.designer).toBe("Bureau Nord Studio");
		const page = (await artistPageLoader({
			request: getRequest("/artist/bureau-nord"),
			params: { id: "bureau-nord" },
			context: {},
		})) as { artist: { name: string } };
		expect(page.artist.name).toBe("Bureau Nord Studio");
		const shop = JSON.stringify(await shopLoader({ request: getRequest("/shop"), params: {}, context: {} }));
		expect(shop).toContain("Bureau Nord Studio");

		// An edit cannot take another artist's name, and an unknown id is a 404.
		const clash = await run(
			multipart({ ...FIELDS, intent: "update", id: "owl", name: "bureau nord studio" }, null, {
				query: "?edit=owl",
			}),
		);
		expect(statusOf(clash)).toBe(400);
		expect((await artist("owl"))?.name).toBe("OWL");
		const missing = await run(multipart({ ...FIELDS, intent: "update", id: "nobody" }, null));
		expect(statusOf(missing)).toBe(404);
		expect(await artist("nobody")).toBeUndefined();
	});

	it("replaces and removes a portrait; the old files go once nothing uses them", async () => {
		await run(multipart(FIELDS, await portrait()));
		const first = (await artist("atelier-nove"))?.image;
		expect(onDisk(first)).toBe(true);
		const update = { ...FIELDS, intent: "update", id: "atelier-nove" };
		await run(multipart(update, await portrait(), { query: "?edit=atelier-nove" }));
		const second = (await artist("atelier-nove"))?.image;
		expect(second).toMatch(/^artists\//);
		expect(second).not.toBe(first);
		expect(onDisk(first)).toBe(false);
		expect(onDisk(second)).toBe(true);
		// Saving without a file keeps it; "remove" drops it.
		await run(multipart({ ...update, name: "Atelier Nove Milano" }, null, { query: "?edit=atelier-nove" }));
		expect((await artist("atelier-nove"))?.image).toBe(second);
		await run(multipart({ ...update, removeImage: "on" }, null, { query: "?edit=atelier-nove" }));
		expect(await artist("atelier-nove")).toMatchObject({ image: null, image_width: null });
		expect(onDisk(second)).toBe(false);
	});

	it("refuses to delete an artist whose works point to them, naming how many; deletes one without works", async () => {
		const refused = await run(
			formRequest("/admin/artists", { intent: "delete", id: "corpus-studio" }, { cookie: admin }),
		);
		expect(statusOf(refused)).toBe(409);
		expect(JSON.stringify(refused)).toContain("artists.errors.hasWorks");
		expect(JSON.stringify(refused)).toMatch(/"count":3/);
		expect(await artist("corpus-studio")).toBeDefined();
		expect((await listProjectsByArtist("corpus-studio")).length).toBe(3);

		// A draft counts too: it would lose its artist otherwise.
		await run(multipart({ ...FIELDS, name: "Drafts Only" }));
		await db
			.updateTable("projects")
			.set({ artist_id: "drafts-only", status: "draft" })
			.where("id", "=", "tidal-relief")
			.execute();
		const draftRefused = await run(
			formRequest("/admin/artists", { intent: "delete", id: "drafts-only" }, { cookie: admin }),
		);
		expect(statusOf(draftRefused)).toBe(409);

		await run(multipart(FIELDS, await portrait()));
		const image = (await artist("atelier-nove"))?.image;
		const deleted = (await run(
			formRequest("/admin/artists", { intent: "delete", id: "atelier-nove" }, { cookie: admin }),
		)) as Response;
		expect(deleted.status).toBe(302);
		expect(deleted.headers.get("Location")).toBe("/admin/artists");
		expect(await artist("atelier-nove")).toBeUndefined();
		expect(onDisk(image)).toBe(false);
		const again = await run(
			formRequest("/admin/artists", { intent: "delete", id: "atelier-nove" }, { cookie: admin }),
		);
		expect(statusOf(again)).toBe(404);
	});
});
