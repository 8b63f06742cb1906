import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import type { FieldChange } from "~/lib/activity";
import { db } from "~/lib/db.server";
import type { EditConflict } from "~/lib/edit-conflict";
import { EditConflictError } from "~/models/edit-conflicts.server";
import { updateProject } from "~/models/projects.server";
import { createUser } from "~/models/users.server";
import { action as artistsAction, loader as artistsLoader } from "~/routes/admin.artists/route";
import { action as listAction } from "~/routes/admin.projects._index/route";
import { action as editAction, loader as editLoader } from "~/routes/admin.projects.edit.$id";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.settings/route";
import { action as sliderAction, loader as sliderLoader } from "~/routes/admin.slider/route";
import { action as usersAction, loader as usersLoader } from "~/routes/admin.users/route";
import { startSession } from "~/services/auth.server";
import type { User } from "~db/schema";
import { projectFormFields } from "../support/project-form";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";

/**
 * Edit conflicts (issue #18, docs/decisions/0023): two administrators open the same thing; the first save
 * wins, the second comes back (409) with its input, the first one's change (who, field: before → after)
 * and the version now, and nothing of it is written; saving again with that version works. Deleting
 * something that changed since the list was shown asks again. Real actions on the per-test SQLite
 * database, no mocks.
 */

let anna: User;
let boris: User;
let annaCookie = "";
let borisCookie = "";

beforeEach(async () => {
	anna = await createUser({
		email: "anna@example.com",
		phone: null,
		password: "anna-long-password",
		username: "anna",
		role: "admin",
	});
	boris = await createUser({
		email: "boris@example.com",
		phone: null,
		password: "boris-long-password",
		username: "boris",
		role: "admin",
	});
	annaCookie = (await startSession(anna.id)).split(";")[0] ?? "";
	borisCookie = (await startSession(boris.id)).split(";")[0] ?? "";
});

type Fields = Record<string, string | File | Array<string | File>>;

function multipart(url: string, fields: Fields, cookie: string): Request {
	const body = new FormData();
	for (const [name, value] of Object.entries(fields)) {
		for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
	}
	return new Request(`http://localhost${url}`, { method: "POST", body, headers: { Cookie: cookie } });
}

let colour = 0;
async function jpeg(name: string): Promise<File> {
	colour += 41;
	const bytes = await sharp({
		create: { width: 300, height: 200, channels: 3, background: { r: colour % 256, g: 90, b: 140 } },
	})
		.jpeg()
		.toBuffer();
	return new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
}
const noFile = () => new File([], "", { type: "application/octet-stream" });

/** What a loader or action returned as data (Remix's data() is { data, init }). */
function dataOf<T>(result: unknown): T {
	return (result as { data: T }).data;
}

/** Every file under uploads/<folder>, so a refused save can be shown to have stored none. */
function filesIn(folder: string): string[] {
	const dir = path.join(process.env.UPLOADS_DIR ?? "", folder);
	return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).sort() : [];
}

const auditCount = async () =>
	Number(
		(
			await db
				.selectFrom("audit_log")
				.select((eb) => eb.fn.countAll().as("n"))
				.executeTakeFirstOrThrow()
		).n,
	);

/** A conflict's changes as "who field: before → after" lines, the way the screen reads them. */
function lines(conflict: EditConflict): string[] {
	return conflict.changes.flatMap((change) =>
		change.changes.map(
			(field: FieldChange) =>
				`${change.actorUsername} ${field.field}: ${JSON.stringify(field.before)} → ${JSON.stringify(field.after)}`,
		),
	);
}

interface FormReply {
	result: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> };
	conflict?: EditConflict | null;
}

describe("projects", () => {
	const id = "tidal-relief";
	const openEditPage = async (cookie: string) => {
		const page = await editLoader({
			request: getRequest(`/admin/projects/edit/${id}`, cookie),
			params: { id },
			context: {},
		});
		return dataOf<{ project: Record<string, unknown> & { version: number }; gallery: Array<{ id: number }> }>(
			page,
		);
	};
	/** The edit form as the page sends it, opened at `version`, with what the admin changed. */
	const formFor = async (version: number, changes: Fields): Promise<Fields> => {
		const row = await db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
		return { version: String(version), ...projectFormFields(row), ...changes };
	};
	/** The edit form of the project stored under `rowId` now, opened at `version`. */
	const formForRow = async (rowId: string, version: number): Promise<Fields> => {
		const row = await db.selectFrom("projects").selectAll().where("id", "=", rowId).executeTakeFirstOrThrow();
		return { version: String(version), ...projectFormFields(row) };
	};
	const save = (fields: Fields, cookie: string) =>
		settle(() =>
			editAction({
				request: multipart(`/admin/projects/edit/${id}`, fields, cookie),
				params: { id },
				context: {},
			}),
		);
	const galleryRows = () =>
		db
			.selectFrom("project_images")
			.select(["id", "image_url"])
			.where("project_id", "=", id)
			.orderBy("sort_order")
			.execute();

	it("the second of two saves gets the first one's change, keeps its input, writes nothing; saving again works", async () => {
		// Both open the same piece; it has a gallery of two.
		await db
			.insertInto("project_images")
			.values([
				{ project_id: id, image_url: "gallery/a.jpg", image_width: 10, image_height: 10, sort_order: 1 },
				{ project_id: id, image_url: "gallery/b.jpg", image_width: 10, image_height: 10, sort_order: 2 },
			])
			.execute();
		const annaPage = await openEditPage(annaCookie);
		const borisPage = await openEditPage(borisCookie);
		expect(borisPage.project.version).toBe(annaPage.project.version);
		const opened = annaPage.project.version;

		// Anna saves first: a new name.
		const annaForm = await formFor(opened, { name: "Tidal Relief II" });
		expect(statusOf(await save(annaForm, annaCookie))).toBe(302);
		const gallery = await galleryRows();
		const audited = await auditCount();
		const galleryFilesBefore = filesIn("gallery");
		const projectFilesBefore = filesIn("projects");

		// Boris, still at the version he opened, changes the price, drops a picture and adds one.
		const borisForm = {
			...(await formFor(opened, {
				name: "Tidal Relief",
				price: "31000",
				galleryRemove: String(gallery[0]?.id),
				gallery: [await jpeg("new.jpg")],
				image: await jpeg("cover.jpg"),
			})),
		};
		const refused = await save(borisForm, borisCookie);
		expect(statusOf(refused)).toBe(409);
		const reply = dataOf<FormReply>(refused);
		// What changed since he opened it: Anna's rename, by her, field by field.
		expect(reply.conflict?.version).toBe(opened + 1);
		expect(lines(reply.conflict as EditConflict)).toEqual(['anna name: "Tidal Relief" → "Tidal Relief II"']);
		expect(reply.conflict?.changes[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
		// His input comes back as he typed it.
		expect(reply.result.initialValue).toMatchObject({ price: "31000", name: "Tidal Relief" });
		// Nothing of his is written: not the price, not the gallery, no image file, no audit row.
		const stored = await db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
		expect(stored).toMatchObject({ name: "Tidal Relief II", price: 27000, version: opened + 1 });
		expect(await galleryRows()).toEqual(gallery);
		expect(filesIn("gallery")).toEqual(galleryFilesBefore);
		expect(filesIn("projects")).toEqual(projectFilesBefore);
		expect(await auditCount()).toBe(audited);

		// He merges (keeps Anna's name) and saves again with the version the answer carried: saved.
		const again = await save(
			await formFor(reply.conflict?.version ?? 0, { price: "31000", galleryRemove: String(gallery[0]?.id) }),
			borisCookie,
		);
		expect(statusOf(again)).toBe(302);
		const merged = await db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
		expect(merged).toMatchObject({ name: "Tidal Relief II", price: 31000, version: opened + 2 });
		const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id).sort();
		expect(ids(await galleryRows())).toEqual(ids(gallery.filter((row) => row.id !== gallery[0]?.id)));
		// And the page now opens at that version.
		expect((await openEditPage(annaCookie)).project.version).toBe(opened + 2);
	});

	it("a page opened before another admin changed the piece's address still finds it: the move is the conflict, nothing is lost", async () => {
		const opened = (await openEditPage(borisCookie)).project.version;
		// Anna gives the piece a new address.
		expect(statusOf(await save(await formFor(opened, { customId: "tidal-relief-2" }), annaCookie))).toBe(302);
		expect(
			await db.selectFrom("projects").select("id").where("id", "=", id).executeTakeFirst(),
		).toBeUndefined();

		// Boris's page still posts to the old address, with his new price.
		const borisForm = { ...(await formForRow("tidal-relief-2", opened)), customId: id, price: "31000" };
		const refused = await settle(() =>
			editAction({
				request: multipart(`/admin/projects/edit/${id}`, borisForm, borisCookie),
				params: { id },
				context: {},
			}),
		);
		expect(statusOf(refused)).toBe(409);
		const reply = dataOf<FormReply>(refused);
		expect(lines(reply.conflict as EditConflict)).toEqual(['anna id: "tidal-relief" → "tidal-relief-2"']);
		expect(reply.result.initialValue).toMatchObject({ price: "31000" });
		const moved = await db
			.selectFrom("projects")
			.selectAll()
			.where("id", "=", "tidal-relief-2")
			.executeTakeFirstOrThrow();
		expect(moved.price).toBe(27000);
		// The old address still opens the piece (a reload without JavaScript renders the form, not a redirect).
		const page = await settle(() =>
			editLoader({
				request: getRequest(`/admin/projects/edit/${id}`, borisCookie),
				params: { id },
				context: {},
			}),
		);
		expect(dataOf<{ project: { id: string } }>(page).project.id).toBe("tidal-relief-2");
		// He keeps Anna's address and saves his price again: saved.
		const merged = { ...(await formForRow("tidal-relief-2", reply.conflict?.version ?? 0)), price: "31000" };
		const again = await settle(() =>
			editAction({
				request: multipart(`/admin/projects/edit/${id}`, merged, borisCookie),
				params: { id },
				context: {},
			}),
		);
		expect(statusOf(again)).toBe(302);
		expect(
			await db
				.selectFrom("projects")
				.select("price")
				.where("id", "=", "tidal-relief-2")
				.executeTakeFirstOrThrow(),
		).toEqual({ price: 31000 });
	});

	it("a save that lost the race inside the transaction undoes its move and gallery changes too", async () => {
		const project = await db
			.selectFrom("projects")
			.selectAll()
			.where("id", "=", id)
			.executeTakeFirstOrThrow();
		await db
			.insertInto("project_images")
			.values({
				project_id: id,
				image_url: "gallery/kept.jpg",
				image_width: 10,
				image_height: 10,
				sort_order: 1,
			})
			.execute();
		const rows = await galleryRows();
		// Someone saved after this form was opened: the stored version is one ahead.
		await db
			.updateTable("projects")
			.set({ version: project.version + 1 })
			.where("id", "=", id)
			.execute();
		const audited = await auditCount();
		await expect(
			updateProject(
				{
					id,
					newId: "tidal-relief-moved",
					fields: {
						name: "Moved",
						artist_id: project.artist_id ?? "",
						category: project.category,
						price: 1,
						link: null,
						description_en: "",
						description_ru: "",
						status: "published",
						featured: 0,
						featured_order: 0,
						availability: "available",
						dimensions: "",
						materials_en: "",
						materials_ru: "",
						year: null,
						edition_size: null,
					},
					gallery: [{ image: { key: "gallery/added.jpg", width: 10, height: 10 } }],
					version: project.version,
				},
				anna,
			),
		).rejects.toBeInstanceOf(EditConflictError);
		expect(
			await db.selectFrom("projects").select("id").where("id", "=", "tidal-relief-moved").executeTakeFirst(),
		).toBeUndefined();
		expect(
			await db.selectFrom("projects").select(["name", "price"]).where("id", "=", id).executeTakeFirst(),
		).toEqual({
			name: project.name,
			price: project.price,
		});
		expect(await galleryRows()).toEqual(rows);
		expect(await auditCount()).toBe(audited);
	});

	it("a missing or non-numeric version is a 400 with a message, and nothing is saved", async () => {
		const { version: _version, ...withoutVersion } = await formFor(1, { name: "No Version" });
		for (const fields of [
			withoutVersion,
			{ ...withoutVersion, version: "abc" },
			{ ...withoutVersion, version: "-3" },
		]) {
			const result = await save(fields, annaCookie);
			expect(statusOf(result)).toBe(400);
			expect(dataOf<FormReply>(result).result.error?.[""]).toEqual(["admin:conflicts.versionMissing"]);
		}
		expect(
			(await db.selectFrom("projects").select("name").where("id", "=", id).executeTakeFirst())?.name,
		).toBe("Tidal Relief");
	});

	it("deleting a project that changed since the list was shown asks again; with the new version it goes", async () => {
		const { version: shown } = await db
			.selectFrom("projects")
			.select("version")
			.where("id", "=", id)
			.executeTakeFirstOrThrow();
		expect(statusOf(await save(await formFor(shown, { price: "28000" }), annaCookie))).toBe(302);
		const remove = (version: string) =>
			settle(() =>
				listAction({
					request: formRequest("/admin/projects", { intent: "delete", id, version }, { cookie: borisCookie }),
					params: {},
					context: {},
				}),
			);
		const asked = await remove(String(shown));
		expect(statusOf(asked)).toBe(409);
		const { deleteConflict } = dataOf<{
			deleteConflict: { id: string; name: string; conflict: EditConflict };
		}>(asked);
		expect(deleteConflict).toMatchObject({ id, name: "Tidal Relief" });
		expect(lines(deleteConflict.conflict)).toEqual(["anna price: 27000 → 28000"]);
		expect(
			await db.selectFrom("projects").select("id").where("id", "=", id).executeTakeFirst(),
		).toBeDefined();

		expect(statusOf(await remove("nope"))).toBe(400);
		expect(
			await db.selectFrom("projects").select("id").where("id", "=", id).executeTakeFirst(),
		).toBeDefined();

		const deleted = (await remove(String(deleteConflict.conflict.version))) as Response;
		expect(deleted.status).toBe(302);
		expect(
			await db.selectFrom("projects").select("id").where("id", "=", id).executeTakeFirst(),
		).toBeUndefined();
	});
});

describe("artists", () => {
	const id = "owl";
	const base = async (version: number, changes: Record<string, string | File>): Promise<Fields> => {
		const row = await db.selectFrom("artists").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
		return {
			intent: "update",
			id,
			version: String(version),
			name: row.name,
			cityEn: row.city_en,
			cityRu: row.city_ru,
			website: row.website ?? "",
			sortOrder: String(row.sort_order),
			descriptionEn: row.description_en,
			descriptionRu: row.description_ru,
			image: noFile(),
			...changes,
		};
	};
	const save = (fields: Fields, cookie: string) =>
		settle(() =>
			artistsAction({
				request: multipart(`/admin/artists?edit=${id}`, fields, cookie),
				params: {},
				context: {},
			}),
		);
	const opened = async (cookie: string) =>
		dataOf<{ editing: { version: number } }>(
			await artistsLoader({
				request: getRequest(`/admin/artists?edit=${id}`, cookie),
				params: {},
				context: {},
			}),
		).editing.version;

	it("the second save is refused with the first one's change; its portrait is not kept; saving again works", async () => {
		const version = await opened(annaCookie);
		expect(await opened(borisCookie)).toBe(version);
		expect(statusOf(await save(await base(version, { cityEn: "Oslo" }), annaCookie))).toBe(302);
		const portraits = filesIn("artists");
		const audited = await auditCount();

		const refused = await save(
			await base(version, { cityEn: "Bergen", sortOrder: "7", image: await jpeg("me.jpg") }),
			borisCookie,
		);
		expect(statusOf(refused)).toBe(409);
		const reply = dataOf<FormReply>(refused);
		expect(lines(reply.conflict as EditConflict)).toContainEqual(
			expect.stringMatching(/^anna city_en: .* → "Oslo"$/),
		);
		expect(reply.result.initialValue).toMatchObject({ cityEn: "Bergen", sortOrder: "7" });
		expect(
			await db
				.selectFrom("artists")
				.select(["city_en", "sort_order"])
				.where("id", "=", id)
				.executeTakeFirst(),
		).toMatchObject({
			city_en: "Oslo",
		});
		expect(filesIn("artists")).toEqual(portraits);
		expect(await auditCount()).toBe(audited);

		expect(
			statusOf(await save(await base(reply.conflict?.version ?? 0, { sortOrder: "7" }), borisCookie)),
		).toBe(302);
		expect(
			await db
				.selectFrom("artists")
				.select(["city_en", "sort_order"])
				.where("id", "=", id)
				.executeTakeFirst(),
		).toEqual({
			city_en: "Oslo",
			sort_order: 7,
		});
	});

	it("two saves of the same version at the same moment: exactly one is written", async () => {
		const version = await opened(annaCookie);
		const results = await Promise.all([
			save(await base(version, { cityEn: "Paris" }), annaCookie),
			save(await base(version, { cityEn: "Rome" }), borisCookie),
		]);
		expect(results.map(statusOf).sort()).toEqual([302, 409]);
		const city = (
			await db.selectFrom("artists").select("city_en").where("id", "=", id).executeTakeFirstOrThrow()
		).city_en;
		expect(city).toBe(statusOf(results[0]) === 302 ? "Paris" : "Rome");
	});

	it("a save that changes nothing keeps the version, so nobody else's form conflicts over it", async () => {
		const version = await opened(annaCookie);
		expect(statusOf(await save(await base(version, {}), annaCookie))).toBe(302);
		expect(await opened(annaCookie)).toBe(version);
		expect(statusOf(await save(await base(version, { cityEn: "Vienna" }), borisCookie))).toBe(302);
	});

	it("deleting an artist that changed since the list was shown asks again", async () => {
		await db.insertInto("artists").values({ id: "lonely", name: "Lonely Studio" }).execute();
		const shown = (
			await db.selectFrom("artists").select("version").where("id", "=", "lonely").executeTakeFirstOrThrow()
		).version;
		const edit = await settle(() =>
			artistsAction({
				request: multipart(
					"/admin/artists?edit=lonely",
					{
						intent: "update",
						id: "lonely",
						version: String(shown),
						name: "Lonely Studio",
						cityEn: "Riga",
						sortOrder: "0",
						image: noFile(),
					},
					annaCookie,
				),
				params: {},
				context: {},
			}),
		);
		expect(statusOf(edit)).toBe(302);
		const remove = (version: string) =>
			settle(() =>
				artistsAction({
					request: formRequest(
						"/admin/artists",
						{ intent: "delete", id: "lonely", version },
						{ cookie: borisCookie },
					),
					params: {},
					context: {},
				}),
			);
		const asked = await remove(String(shown));
		expect(statusOf(asked)).toBe(409);
		const { deleteConflict } = dataOf<{ deleteConflict: { conflict: EditConflict } }>(asked);
		expect(lines(deleteConflict.conflict)).toEqual(['anna city_en: "" → "Riga"']);
		expect(
			await db.selectFrom("artists").select("id").where("id", "=", "lonely").executeTakeFirst(),
		).toBeDefined();
		expect(statusOf(await remove(String(deleteConflict.conflict.version)))).toBe(302);
		expect(
			await db.selectFrom("artists").select("id").where("id", "=", "lonely").executeTakeFirst(),
		).toBeUndefined();
	});
});

describe("hero slides", () => {
	const TEXT = {
		titleEn: "Summer objects",
		titleRu: "Летние предметы",
		subtitleEn: "New arrivals",
		subtitleRu: "Новые поступления",
		category: "design",
		isActive: "on",
	};
	const save = (fields: Fields, cookie: string) =>
		settle(() =>
			sliderAction({
				request: multipart(`/admin/slider?edit=${fields.id}`, { intent: "save", ...fields }, cookie),
				params: {},
				context: {},
			}),
		);
	const slide = async () =>
		db.selectFrom("hero_slides").selectAll().orderBy("sort_order").executeTakeFirstOrThrow();

	it("the second save is refused with the first one's change (a switch counts); nothing of it is kept", async () => {
		const first = await slide();
		const page = dataOf<{ editing: { version: number } }>(
			await sliderLoader({
				request: getRequest(`/admin/slider?edit=${first.id}`, borisCookie),
				params: {},
				context: {},
			}),
		);
		const version = page.editing.version;
		// Anna switches it off from the list: the checkbox on Boris's open form would switch it back on.
		const toggled = await settle(() =>
			sliderAction({
				request: formRequest(
					"/admin/slider",
					{ intent: "toggle", id: String(first.id), active: "0" },
					{ cookie: annaCookie },
				),
				params: {},
				context: {},
			}),
		);
		expect(statusOf(toggled)).toBe(200);
		const files = filesIn("slides");
		const audited = await auditCount();

		const refused = await save(
			{
				...TEXT,
				id: String(first.id),
				version: String(version),
				titleEn: "Winter objects",
				image: await jpeg("slide.jpg"),
			},
			borisCookie,
		);
		expect(statusOf(refused)).toBe(409);
		const reply = dataOf<FormReply>(refused);
		expect(lines(reply.conflict as EditConflict)).toEqual(["anna is_active: true → false"]);
		expect(reply.result.initialValue).toMatchObject({ titleEn: "Winter objects" });
		expect(await slide()).toMatchObject({
			title_en: first.title_en,
			is_active: 0,
			image_url: first.image_url,
		});
		expect(filesIn("slides")).toEqual(files);
		expect(await auditCount()).toBe(audited);

		const { isActive: _on, ...switchedOff } = TEXT;
		const again = await save(
			{
				...switchedOff,
				id: String(first.id),
				version: String(reply.conflict?.version),
				titleEn: "Winter objects",
				image: noFile(),
			},
			borisCookie,
		);
		expect(statusOf(again)).toBe(302);
		expect(await slide()).toMatchObject({ title_en: "Winter objects", is_active: 0 });
	});

	it("deleting a slide that changed since the list was shown asks again", async () => {
		const first = await slide();
		expect(
			statusOf(
				await save(
					{ ...TEXT, id: String(first.id), version: String(first.version), subtitleEn: "Edited" },
					annaCookie,
				),
			),
		).toBe(302);
		const remove = (version: string) =>
			settle(() =>
				sliderAction({
					request: formRequest(
						"/admin/slider",
						{ intent: "delete", id: String(first.id), version },
						{ cookie: borisCookie },
					),
					params: {},
					context: {},
				}),
			);
		const asked = await remove(String(first.version));
		expect(statusOf(asked)).toBe(409);
		const { deleteConflict } = dataOf<{ deleteConflict: { conflict: EditConflict } }>(asked);
		expect(lines(deleteConflict.conflict)).toContainEqual(
			`anna subtitle_en: ${JSON.stringify(first.subtitle_en)} → "Edited"`,
		);
		expect(
			await db.selectFrom("hero_slides").select("id").where("id", "=", first.id).executeTakeFirst(),
		).toBeDefined();
		expect(statusOf(await remove(""))).toBe(400);
		expect(statusOf(await remove(String(deleteConflict.conflict.version)))).toBe(302);
		expect(
			await db.selectFrom("hero_slides").select("id").where("id", "=", first.id).executeTakeFirst(),
		).toBeUndefined();
	});
});

describe("settings", () => {
	const post = (fields: Record<string, string>, cookie: string) =>
		settle(() =>
			settingsAction({
				request: formRequest("/admin/settings", fields, { cookie }),
				params: {},
				context: {},
			}),
		);
	const opened = async (cookie: string) =>
		dataOf<{ settings: { version: number } }>(
			await settingsLoader({ request: getRequest("/admin/settings", cookie), params: {}, context: {} }),
		).settings.version;

	it("a save on one tab makes a form opened before it on the other tab conflict; nothing is overwritten", async () => {
		const version = await opened(annaCookie);
		expect(await opened(borisCookie)).toBe(version);
		const current = await db.selectFrom("settings").selectAll().executeTakeFirstOrThrow();
		const general = {
			tab: "general",
			shopName: "ФОРМА",
			shopDescription: current.shop_description,
			audioUrl: current.audio_url,
			...(current.allow_registration ? { allowRegistration: "on" } : {}),
			...(current.maintenance_mode ? { maintenanceMode: "on" } : {}),
		};
		expect(statusOf(await post({ ...general, version: String(version) }, annaCookie))).toBe(302);
		const audited = await auditCount();

		const notifications = {
			tab: "notifications",
			emailNotifications: "on",
			adminEmail: "desk@forma.gallery",
		};
		const refused = await post({ ...notifications, version: String(version) }, borisCookie);
		expect(statusOf(refused)).toBe(409);
		const reply = dataOf<FormReply & { tab: string }>(refused);
		expect(reply.tab).toBe("notifications");
		expect(lines(reply.conflict as EditConflict)).toEqual([
			'anna shop_name: "Художественный магазин" → "ФОРМА"',
		]);
		expect(reply.result.initialValue).toMatchObject({ adminEmail: "desk@forma.gallery" });
		const stored = await db.selectFrom("settings").selectAll().executeTakeFirstOrThrow();
		expect(stored.admin_email).not.toBe("desk@forma.gallery");
		expect(await auditCount()).toBe(audited);

		expect(
			statusOf(await post({ ...notifications, version: String(reply.conflict?.version) }, borisCookie)),
		).toBe(302);
		expect(await db.selectFrom("settings").selectAll().executeTakeFirstOrThrow()).toMatchObject({
			shop_name: "ФОРМА",
			admin_email: "desk@forma.gallery",
			email_notifications: 1,
		});
		expect(statusOf(await post({ ...general }, annaCookie))).toBe(400);
	});
});

describe("users' role and status", () => {
	it("a change made from a list shown before someone else's is refused with theirs; with the new version it is made", async () => {
		const member = await createUser({
			email: "member@example.com",
			phone: null,
			password: "member-password",
			username: "member",
		});
		const listed = async (cookie: string) =>
			dataOf<{ users: Array<{ id: number; version: number }> }>(
				await usersLoader({ request: getRequest("/admin/users", cookie), params: {}, context: {} }),
			).users.find((user) => user.id === member.id)?.version;
		const version = await listed(annaCookie);
		expect(await listed(borisCookie)).toBe(version);
		const post = (fields: Record<string, string>, cookie: string) =>
			settle(() =>
				usersAction({ request: formRequest("/admin/users", fields, { cookie }), params: {}, context: {} }),
			);

		expect(
			statusOf(
				await post(
					{ intent: "role", id: String(member.id), role: "admin", version: String(version) },
					annaCookie,
				),
			),
		).toBe(200);
		const audited = await auditCount();
		const refused = await post(
			{ intent: "status", id: String(member.id), status: "blocked", version: String(version) },
			borisCookie,
		);
		expect(statusOf(refused)).toBe(409);
		const reply = dataOf<{ error: string; username: string; conflict: EditConflict }>(refused);
		expect(reply).toMatchObject({ error: "conflicts.user", username: "member" });
		expect(lines(reply.conflict)).toEqual(['anna role: "user" → "admin"']);
		expect(
			await db.selectFrom("users").select(["role", "status"]).where("id", "=", member.id).executeTakeFirst(),
		).toEqual({
			role: "admin",
			status: "active",
		});
		expect(await auditCount()).toBe(audited);
		expect(
			statusOf(await post({ intent: "status", id: String(member.id), status: "blocked" }, borisCookie)),
		).toBe(400);

		expect(
			statusOf(
				await post(
					{
						intent: "status",
						id: String(member.id),
						status: "blocked",
						version: String(reply.conflict.version),
					},
					borisCookie,
				),
			),
		).toBe(200);
		expect(
			await db.selectFrom("users").select(["role", "status"]).where("id", "=", member.id).executeTakeFirst(),
		).toEqual({
			role: "admin",
			status: "blocked",
		});
		expect(await listed(annaCookie)).toBe(reply.conflict.version + 1);
	});
});
