import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { variantKey } from "~/lib/images";
import { takeToast } from "~/lib/toast.server";
import { MAX_UPLOAD_REQUEST_BYTES } from "~/lib/upload-limits";
import { createUser } from "~/models/users.server";
import { action as listAction, loader as listLoader } from "~/routes/admin.projects._index/route";
import { action as addAction, loader as addLoader } from "~/routes/admin.projects.add";
import { action as editAction, loader as editLoader } from "~/routes/admin.projects.edit.$id";
import { startSession } from "~/services/auth.server";
import { withFormToken } from "../support/form-tokens";
import { plain } from "../support/plain";
import { projectFormFields } from "../support/project-form";
import { refuseWrites } from "../support/refuse-writes";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";
import { versionOf } from "../support/versions";

let adminCookie = "";
let userCookie = "";

beforeEach(async () => {
	const admin = await createUser({
		email: "boss@example.com",
		phone: null,
		password: "long-enough-pw",
		username: "boss",
		role: "admin",
	});
	adminCookie = (await startSession(admin.id)).split(";")[0] ?? "";
	const user = await createUser({
		email: "u@example.com",
		phone: null,
		password: "long-enough-pw",
		username: "u",
	});
	userCookie = (await startSession(user.id)).split(";")[0] ?? "";
});

const uploads = () => process.env.UPLOADS_DIR ?? "";
const onDisk = (key: string) => fs.existsSync(path.join(uploads(), key));

let colour = 0;
/** A small, distinct JPEG each call (distinct content, distinct content-addressed key). */
async function jpeg(name: string, width = 900, height = 600): Promise<File> {
	colour += 37;
	const data = await sharp({
		create: { width, height, channels: 3, background: { r: colour % 256, g: (colour * 3) % 256, b: 90 } },
	})
		.jpeg()
		.toBuffer();
	return new File([data], name, { type: "image/jpeg" });
}

type Fields = Record<string, string | File | Array<string | File>>;

function multipart(url: string, fields: Fields, cookie = adminCookie): Request {
	const body = new FormData();
	for (const [name, value] of Object.entries(fields)) {
		for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
	}
	return new Request(`http://localhost${url}`, { method: "POST", body, headers: { Cookie: cookie } });
}

const base = { name: "Oak Stool", artistId: "corpus-studio", category: "art", price: "12500" };

/** The add form as the browser sends it: with the one-time token its page handed out. */
async function add(fields: Fields, cookie?: string) {
	const sent = await withFormToken("/admin/projects/add", fields, cookie ?? adminCookie);
	return settle(() =>
		addAction({ request: multipart("/admin/projects/add", sent, cookie), params: {}, context: {} }),
	);
}

/** The edit form as the page sends it: with the version it was opened at (the stored one, unless given). */
async function edit(id: string, fields: Fields) {
	const sent = { version: await versionOf("projects", id), ...fields };
	return settle(() =>
		editAction({ request: multipart(`/admin/projects/edit/${id}`, sent), params: { id }, context: {} }),
	);
}

/** The data of a loader's or action's answer (Remix's data()), whatever its shape. */
// biome-ignore lint/suspicious/noExplicitAny: a test reads the fields it checks
const plainData = (result: unknown): any => (result as { data?: unknown }).data ?? result;

/** The toast a response sets, whether it is a redirect (Response) or Remix's data() with headers. */
async function toastOf(result: unknown) {
	const setCookie =
		result instanceof Response
			? result.headers.getSetCookie()
			: [
					String(
						(result as { init?: { headers?: Record<string, string> } }).init?.headers?.["Set-Cookie"] ?? "",
					),
				];
	const cookie = setCookie.map((header) => header.split(";")[0]).join("; ");
	const { toast } = await takeToast(getRequest("/", cookie));
	return toast;
}

const project = (id: string) => db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();
const galleryOf = (id: string) =>
	db.selectFrom("project_images").selectAll().where("project_id", "=", id).orderBy("sort_order").execute();
const projectCount = async () => (await db.selectFrom("projects").select("id").execute()).length;

/** The form as the edit page would send it unchanged. */
async function unchangedForm(id: string): Promise<Fields> {
	const row = await project(id);
	if (!row) throw new Error(`no project ${id}`);
	return projectFormFields(row);
}

describe("admin projects: access", () => {
	it("sends anonymous visitors to sign in and users to their account, changing nothing", async () => {
		const before = await projectCount();
		const anonymous = (await add({ ...base, customId: "sneaky" }, "")) as Response;
		expect(anonymous.status).toBe(302);
		expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
		const user = (await add({ ...base, customId: "sneaky" }, userCookie)) as Response;
		expect(user.headers.get("Location")).toBe("/account");
		const deleteAsUser = (await settle(() =>
			listAction({
				request: formRequest(
					"/admin/projects",
					{ intent: "delete", id: "tidal-relief" },
					{ cookie: userCookie },
				),
				params: {},
				context: {},
			}),
		)) as Response;
		expect(deleteAsUser.headers.get("Location")).toBe("/account");
		expect(await projectCount()).toBe(before);
		expect(await project("tidal-relief")).toBeDefined();
	});

	it("lists projects for an admin, never cached", async () => {
		const result = await listLoader({
			request: getRequest("/admin/projects", adminCookie),
			params: {},
			context: {},
		});
		const { data: body, init } = result as unknown as {
			data: { projects: Array<{ id: string }> };
			init: { headers: Record<string, string> };
		};
		expect(body.projects.length).toBeGreaterThanOrEqual(18);
		expect(init.headers["Cache-Control"]).toBe("no-store");
		const add = await addLoader({
			request: getRequest("/admin/projects/add", adminCookie),
			params: {},
			context: {},
		});
		expect(JSON.stringify(add)).toContain("no-store");
	});
});

describe("admin projects: create", () => {
	it("makes the id of a piece created without one from its name, transliterated and unique", async () => {
		const response = (await add({ ...base, customId: "  " })) as Response;
		expect(response.status).toBe(302);
		expect(response.headers.get("Location")).toBe("/admin/projects");
		expect(await toastOf(response)).toMatchObject({
			title: "admin:projects.toast.addedTitle",
			description: "admin:projects.toast.added",
			values: { name: "Oak Stool" },
		});
		expect(await project("oak-stool")).toMatchObject({
			name: "Oak Stool",
			artist_id: "corpus-studio",
			category: "art",
			price: 12500,
		});
		// A second piece of the same name gets its own address; a Russian name reads in Latin letters.
		await add({ ...base, customId: "" });
		expect(await project("oak-stool-2")).toMatchObject({ name: "Oak Stool" });
		await add({ ...base, name: "Кресло «Волна», ёлка", customId: "" });
		expect(await project("kreslo-volna-elka")).toMatchObject({ artist_id: "corpus-studio" });
		await add({ ...base, name: "«…»", customId: "" });
		expect(await project("piece")).toMatchObject({ artist_id: "corpus-studio" });
	});

	it("stores the main image and the gallery, with variants, and says how many images were added", async () => {
		const response = await add({
			...base,
			customId: "with-pictures",
			link: "/art",
			descriptionEn: "Solid oak.",
			descriptionRu: "Массив дуба.",
			image: await jpeg("main.jpg", 1600, 1200),
			gallery: [await jpeg("g1.jpg"), await jpeg("g2.jpg")],
		});
		expect(statusOf(response)).toBe(302);
		expect(await toastOf(response)).toMatchObject({
			description: "admin:projects.toast.added",
			values: { name: "Oak Stool" },
			notes: [{ key: "admin:projects.toast.imagesAdded", values: { count: 2 } }],
		});
		const saved = await project("with-pictures");
		expect(saved).toMatchObject({
			link: "/art",
			description_ru: "Массив дуба.",
			image_width: 1200,
			image_height: 900,
		});
		expect(onDisk(saved?.image ?? "")).toBe(true);
		expect(onDisk(variantKey(saved?.image ?? "", 800))).toBe(true);
		const gallery = await galleryOf("with-pictures");
		expect(gallery.map((row) => row.sort_order)).toEqual([1, 2]);
		for (const row of gallery) expect(onDisk(row.image_url)).toBe(true);
	});

	it("refuses missing fields with the spec's messages, keeps the values and saves nothing", async () => {
		const before = await projectCount();
		const result = await add({ customId: "half-done", name: " ", artistId: "", category: "", price: "10" });
		expect(statusOf(result)).toBe(400);
		const text = JSON.stringify(result);
		expect(text).toContain("admin:projects.errors.nameRequired");
		expect(text).toContain("admin:projects.errors.artistRequired");
		expect(text).toContain("admin:projects.errors.categoryRequired");
		expect(text).toContain('"customId":"half-done"');
		expect(await projectCount()).toBe(before);
	});

	it.each([
		["customId", "Bad ID!", "idInvalid"],
		["customId", "../etc", "idInvalid"],
		["price", "-5", "priceInvalid"],
		["price", "12.5", "priceInvalid"],
		["link", "javascript:alert(1)", "linkInvalid"],
		["link", "//evil.example", "linkInvalid"],
	])("refuses %s = %j (%s)", async (field, value, message) => {
		const before = await projectCount();
		const result = await add({ ...base, customId: "checked", [field]: value });
		expect(statusOf(result)).toBe(400);
		expect(plain(JSON.stringify(result))).toContain(`admin:projects.errors.${message}`);
		expect(await projectCount()).toBe(before);
	});

	it("refuses an id that is taken", async () => {
		const result = await add({ ...base, customId: "tidal-relief" });
		expect(statusOf(result)).toBe(409);
		expect(plain(JSON.stringify(result))).toContain("admin:projects.errors.idTaken");
		expect((await project("tidal-relief"))?.name).toBe("Tidal Relief");
	});

	it("refuses a file that is not an image, with its name, and stores nothing", async () => {
		const before = await projectCount();
		const result = await add({
			...base,
			customId: "bad-gallery",
			image: await jpeg("fine.jpg"),
			gallery: [new File(["hello"], "notes.jpg", { type: "image/jpeg" })],
		});
		expect(statusOf(result)).toBe(400);
		expect(plain(JSON.stringify(result))).toContain("File notes.jpg is not an image");
		expect(plain(JSON.stringify(result))).toContain("Image upload failed");
		expect(await projectCount()).toBe(before);
	});

	it("answers 413 for a body over the cap and saves nothing", async () => {
		const before = await projectCount();
		const request = new Request("http://localhost/admin/projects/add", {
			method: "POST",
			body: "x",
			headers: {
				Cookie: adminCookie,
				"Content-Type": "multipart/form-data; boundary=abc",
				"Content-Length": String(MAX_UPLOAD_REQUEST_BYTES + 1),
			},
		});
		const result = (await settle(() => addAction({ request, params: {}, context: {} }))) as Response;
		expect(result.status).toBe(413);
		expect(await projectCount()).toBe(before);
	});
});

describe("admin projects: edit", () => {
	it("updates fields and replaces the main image, removing the old file", async () => {
		await add({ ...base, customId: "to-edit", image: await jpeg("first.jpg") });
		const oldKey = (await project("to-edit"))?.image ?? "";
		expect(onDisk(oldKey)).toBe(true);
		const response = await edit("to-edit", {
			...(await unchangedForm("to-edit")),
			name: "Oak Stool II",
			price: "0",
			image: await jpeg("second.jpg"),
		});
		expect(statusOf(response)).toBe(302);
		expect(await toastOf(response)).toMatchObject({
			title: "admin:projects.toast.updatedTitle",
			values: { name: "Oak Stool II" },
		});
		const saved = await project("to-edit");
		expect(saved).toMatchObject({ name: "Oak Stool II", price: 0 });
		expect(saved?.image).not.toBe(oldKey);
		expect(onDisk(oldKey)).toBe(false);
		expect(onDisk(variantKey(oldKey, 400))).toBe(false);
	});

	it("says 'No changes to save' when nothing changed", async () => {
		const before = await project("tidal-relief");
		const response = await edit("tidal-relief", await unchangedForm("tidal-relief"));
		expect((response as Response).headers.get("Location")).toBe("/admin/projects");
		expect(await toastOf(response)).toMatchObject({ title: "admin:projects.toast.noChanges" });
		expect((await project("tidal-relief"))?.updated_at).toBe(before?.updated_at);
	});

	it("keeps the old image when the new one fails", async () => {
		await add({ ...base, customId: "keeps-image", image: await jpeg("keep.jpg") });
		const before = await project("keeps-image");
		const result = await edit("keeps-image", {
			...(await unchangedForm("keeps-image")),
			name: "Renamed",
			image: new File(["<html>"], "page.png", { type: "image/png" }),
		});
		expect(statusOf(result)).toBe(400);
		expect(plain(JSON.stringify(result))).toContain("Image upload failed: File page.png is not an image");
		expect(await project("keeps-image")).toEqual(before);
		expect(onDisk(before?.image ?? "")).toBe(true);
	});

	it("reorders, removes and picks a gallery cover", async () => {
		await add({
			...base,
			customId: "gallery-edit",
			image: await jpeg("cover.jpg"),
			gallery: [await jpeg("a.jpg"), await jpeg("b.jpg"), await jpeg("c.jpg")],
		});
		const mainKey = (await project("gallery-edit"))?.image;
		const [a, b, c] = await galleryOf("gallery-edit");
		if (!a || !b || !c) throw new Error("expected three gallery images");
		const response = await edit("gallery-edit", {
			...(await unchangedForm("gallery-edit")),
			[`galleryPosition-${a.id}`]: "3",
			[`galleryPosition-${b.id}`]: "1",
			[`galleryPosition-${c.id}`]: "2",
			galleryRemove: String(b.id),
			cover: String(c.id),
			gallery: await jpeg("d.jpg"),
		});
		expect(statusOf(response)).toBe(302);
		// The spec's gallery toasts, as lines of the save's toast: one added, one removed (a cover swap is neither).
		expect(await toastOf(response)).toMatchObject({
			description: "admin:projects.toast.updatedWithGallery",
			values: { count: 3 },
			notes: [
				{ key: "admin:projects.toast.imagesAdded", values: { count: 1 } },
				{ key: "admin:projects.toast.imageRemoved" },
			],
		});
		const saved = await project("gallery-edit");
		// c became the cover; the old cover took c's place; a follows; the new upload comes last.
		expect(saved?.image).toBe(c.image_url);
		const gallery = await galleryOf("gallery-edit");
		expect(gallery.map((row) => row.image_url).slice(0, 2)).toEqual([mainKey, a.image_url]);
		expect(gallery).toHaveLength(3);
		expect(gallery.map((row) => row.sort_order)).toEqual([1, 2, 3]);
		expect(onDisk(b.image_url)).toBe(false);
		expect(onDisk(c.image_url)).toBe(true);
	});

	it("saves each gallery picture's alt text in both languages; a form without them keeps them", async () => {
		await add({
			...base,
			customId: "with-alts",
			gallery: [await jpeg("alt-1.jpg"), await jpeg("alt-2.jpg")],
		});
		const [first, second] = await galleryOf("with-alts");
		if (!first || !second) throw new Error("expected two gallery images");
		const response = await edit("with-alts", {
			...(await unchangedForm("with-alts")),
			[`galleryAltEn-${first.id}`]: "  The stool from above, oak grain showing  ",
			[`galleryAltRu-${first.id}`]: "Табурет сверху, видна текстура дуба",
		});
		// An alt text alone is a change worth saving, and the audit trail has it.
		expect(await toastOf(response)).toMatchObject({ title: "admin:projects.toast.updatedTitle" });
		const saved = await galleryOf("with-alts");
		expect(saved.map((row) => [row.alt_text, row.alt_text_ru])).toEqual([
			["The stool from above, oak grain showing", "Табурет сверху, видна текстура дуба"],
			["", ""],
		]);
		const trail = await db
			.selectFrom("audit_log")
			.select("changes")
			.where("entity_id", "=", "with-alts")
			.orderBy("id", "desc")
			.executeTakeFirstOrThrow();
		expect(trail.changes).toContain("gallery_alt");
		// A form that does not send them (an older page) leaves them as they are.
		await edit("with-alts", { ...(await unchangedForm("with-alts")), price: "13000" });
		expect((await galleryOf("with-alts"))[0]?.alt_text_ru).toBe("Табурет сверху, видна текстура дуба");
	});

	it("sends an unknown id back to the list with 'Project not found'", async () => {
		const result = (await settle(() =>
			editLoader({
				request: getRequest("/admin/projects/edit/nope", adminCookie),
				params: { id: "nope" },
				context: {},
			}),
		)) as Response;
		expect(result.headers.get("Location")).toBe("/admin/projects");
		expect(await toastOf(result)).toMatchObject({ title: "admin:projects.toast.notFound" });
		const posted = await edit("nope", { ...base });
		expect((posted as Response).headers.get("Location")).toBe("/admin/projects");
		expect(await project("nope")).toBeUndefined();
	});
});

describe("admin projects: moving to a new id", () => {
	async function projectWithEverything(id: string) {
		await add({ ...base, customId: id, gallery: [await jpeg(`${id}-1.jpg`), await jpeg(`${id}-2.jpg`)] });
		const user = await createUser({
			email: `${id}@example.com`,
			phone: null,
			password: "long-enough-pw",
			username: id.replace(/-/g, ""),
		});
		await db.insertInto("favourites").values({ user_id: user.id, project_id: id }).execute();
		await db
			.insertInto("purchase_requests")
			.values({
				project_id: id,
				project_name: "Oak Stool",
				project_price: 12500,
				email: "b@example.com",
				phone: "+79161234567",
			})
			.execute();
		return user;
	}
	const requestsOf = (id: string) =>
		db.selectFrom("purchase_requests").select("id").where("project_id", "=", id).execute();
	const favouritesOf = (id: string) =>
		db.selectFrom("favourites").select("user_id").where("project_id", "=", id).execute();

	it("moves the project with its gallery, requests and favourites", async () => {
		await projectWithEverything("old-home");
		const galleryBefore = await galleryOf("old-home");
		const response = await edit("old-home", { ...(await unchangedForm("old-home")), customId: "new-home" });
		expect(statusOf(response)).toBe(302);
		expect(await project("old-home")).toBeUndefined();
		expect(await project("new-home")).toMatchObject({ name: "Oak Stool" });
		expect((await galleryOf("new-home")).map((row) => row.image_url)).toEqual(
			galleryBefore.map((row) => row.image_url),
		);
		expect(await galleryOf("old-home")).toEqual([]);
		expect(await requestsOf("new-home")).toHaveLength(1);
		expect(await favouritesOf("new-home")).toHaveLength(1);
		expect(await requestsOf("old-home")).toEqual([]);
	});

	it("refuses to move onto an id that is taken", async () => {
		await add({ ...base, customId: "stays-put" });
		const result = await edit("stays-put", {
			...(await unchangedForm("stays-put")),
			customId: "tidal-relief",
		});
		expect(statusOf(result)).toBe(409);
		expect(await project("stays-put")).toBeDefined();
	});

	it("rolls the whole move back when a later step fails", async () => {
		await projectWithEverything("rollback-me");
		const before = {
			project: await project("rollback-me"),
			gallery: await galleryOf("rollback-me"),
			requests: await requestsOf("rollback-me"),
			favourites: await favouritesOf("rollback-me"),
		};
		// The new gallery row is written after the id has moved: make exactly that insert fail.
		const allowInserts = await refuseWrites(db, {
			name: "fail_gallery_insert",
			table: "project_images",
			event: "insert",
			message: "disk on fire",
			when: "new.project_id = 'rolled-forward'",
		});
		const newFile = await jpeg("late.jpg");
		let result: unknown;
		try {
			result = await edit("rollback-me", {
				...(await unchangedForm("rollback-me")),
				customId: "rolled-forward",
				name: "Should not stick",
				gallery: newFile,
			});
		} finally {
			await allowInserts();
		}
		expect(statusOf(result)).toBe(500);
		expect(plain(JSON.stringify(result))).toContain("Failed to update project: disk on fire");
		expect(await toastOf(result)).toMatchObject({ description: "admin:projects.errors.updateFailed" });
		expect(await project("rolled-forward")).toBeUndefined();
		expect(await project("rollback-me")).toEqual(before.project);
		expect(await galleryOf("rollback-me")).toEqual(before.gallery);
		expect(await requestsOf("rollback-me")).toEqual(before.requests);
		expect(await favouritesOf("rollback-me")).toEqual(before.favourites);
		expect(await galleryOf("rolled-forward")).toEqual([]);
		// The image stored for the failed save was removed again.
		const stored = fs.readdirSync(path.join(uploads(), "gallery"));
		// (A gallery picture chosen as a cover earlier is now a project's main image.)
		const known = new Set([
			...(await db.selectFrom("project_images").select("image_url").execute()).map((r) => r.image_url),
			...(await db.selectFrom("projects").select("image").execute()).map((r) => r.image),
		]);
		for (const name of stored.filter((file) => file.endsWith(".jpg")))
			expect(known.has(`gallery/${name}`), name).toBe(true);
	});
});

describe("admin projects: list actions", () => {
	/** The list's confirm step, with the version the list showed (the stored one). */
	const post = async (fields: Record<string, string>) => {
		const sent = { version: await versionOf("projects", fields.id ?? ""), ...fields };
		return settle(() =>
			listAction({
				request: formRequest("/admin/projects", sent, { cookie: adminCookie }),
				params: {},
				context: {},
			}),
		);
	};

	it("deletes a project with its gallery rows and files, keeping requests' snapshots", async () => {
		await add({
			...base,
			customId: "doomed",
			name: "Doomed Chair",
			image: await jpeg("doomed.jpg"),
			gallery: [await jpeg("doomed-1.jpg"), await jpeg("doomed-2.jpg")],
		});
		await db
			.insertInto("purchase_requests")
			.values({
				project_id: "doomed",
				project_name: "Doomed Chair",
				project_price: 1,
				email: "d@example.com",
				phone: "+79161234567",
			})
			.execute();
		const saved = await project("doomed");
		const keys = [saved?.image ?? "", ...(await galleryOf("doomed")).map((row) => row.image_url)];
		for (const key of keys) expect(onDisk(key)).toBe(true);

		const response = await post({ intent: "delete", id: "doomed" });
		expect((response as Response).headers.get("Location")).toBe("/admin/projects");
		expect(await toastOf(response)).toMatchObject({
			title: "admin:projects.toast.deletedTitle",
			description: "admin:projects.toast.deleted",
			values: { name: "Doomed Chair" },
		});
		expect(await project("doomed")).toBeUndefined();
		expect(await galleryOf("doomed")).toEqual([]);
		for (const key of keys) {
			expect(onDisk(key)).toBe(false);
			expect(onDisk(variantKey(key, 400))).toBe(false);
		}
		const request = await db
			.selectFrom("purchase_requests")
			.selectAll()
			.where("email", "=", "d@example.com")
			.executeTakeFirstOrThrow();
		expect(request).toMatchObject({ project_id: null, project_name: "Doomed Chair" });
	});

	it("keeps an image file another project still uses", async () => {
		const shared = await jpeg("shared.jpg");
		await add({ ...base, customId: "twin-a", image: shared });
		await add({ ...base, customId: "twin-b", image: shared });
		const key = (await project("twin-a"))?.image ?? "";
		expect((await project("twin-b"))?.image).toBe(key);
		await post({ intent: "delete", id: "twin-a" });
		expect(onDisk(key)).toBe(true);
		await post({ intent: "delete", id: "twin-b" });
		expect(onDisk(key)).toBe(false);
	});

	it("says so when deleting an unknown project", async () => {
		const response = await post({ intent: "delete", id: "never-was" });
		expect(await toastOf(response)).toMatchObject({
			type: "error",
			title: "admin:projects.toast.deleteFailed",
		});
	});

	it("refreshes one project: a toast without JavaScript, data with it", async () => {
		const page = await post({ intent: "refresh", id: "tidal-relief", redirectTo: "/admin/projects?q=tid" });
		expect(await toastOf(page)).toMatchObject({
			title: "admin:projects.toast.refreshed",
			description: "admin:projects.toast.refreshUnchanged",
		});
		const missing = await post({ intent: "refresh", id: "never-was" });
		expect(statusOf(missing)).toBe(404);
		expect(JSON.stringify(missing)).toContain("admin:projects.toast.refreshFailed");
	});

	it("a row's Refresh reads the row again and says what changed since the list drew it", async () => {
		const drawn = Number(await versionOf("projects", "tidal-relief"));
		const unchanged = plainData(
			await post({ intent: "refresh", id: "tidal-relief", version: String(drawn) }),
		);
		expect(unchanged.refreshed).toMatchObject({ row: { id: "tidal-relief", version: drawn }, changes: null });
		// Someone else changes its price meanwhile: the row comes back with the new price and what changed.
		const response = await edit("tidal-relief", { ...(await unchangedForm("tidal-relief")), price: "99000" });
		expect(statusOf(response)).toBe(302);
		const changed = plainData(await post({ intent: "refresh", id: "tidal-relief", version: String(drawn) }));
		expect(changed.toast).toMatchObject({ description: "admin:projects.toast.refreshChanged" });
		expect(changed.refreshed.row).toMatchObject({ price: 99000, version: drawn + 1 });
		expect(changed.refreshed.changes.changes).toEqual([
			expect.objectContaining({
				actorUsername: "boss",
				changes: expect.arrayContaining([{ field: "price", before: expect.any(Number), after: 99000 }]),
			}),
		]);
		// Without JavaScript: the list again, naming the row and the version it drew, which notes the same.
		const page = (await post({
			intent: "refresh",
			id: "tidal-relief",
			version: String(drawn),
			redirectTo: "/admin/projects?q=tid",
		})) as Response;
		const location = page.headers.get("Location") ?? "";
		expect(location).toBe(`/admin/projects?q=tid&refreshed=tidal-relief&since=${drawn}`);
		const list = plainData(
			await listLoader({ request: getRequest(location, adminCookie), params: {}, context: {} }),
		);
		expect(list.refreshed).toMatchObject({ id: "tidal-relief", changes: { version: drawn + 1 } });
	});

	it("refreshes a draft's row too", async () => {
		await add({ ...base, customId: "draft-row", status: "draft" });
		const result = plainData(await post({ intent: "refresh", id: "draft-row" }));
		expect(result.refreshed?.row).toMatchObject({ id: "draft-row", status: "draft" });
	});

	it("shows the confirm step for ?delete=<id>", async () => {
		const result = await listLoader({
			request: getRequest("/admin/projects?delete=tidal-relief", adminCookie),
			params: {},
			context: {},
		});
		// With the version it was shown at (the stored one, when the link names none): docs/decisions/0023.
		expect(plain(JSON.stringify(result))).toContain(
			'"confirm":{"id":"tidal-relief","name":"Tidal Relief","version":1}',
		);
	});
});

describe("admin projects: curation fields (issue #12)", () => {
	it("'Save as draft' keeps a new project hidden; the primary button publishes it", async () => {
		const response = await add({ ...base, customId: "draft-stool", status: "draft" });
		expect(statusOf(response)).toBe(302);
		expect(await project("draft-stool")).toMatchObject({ status: "draft" });
		// The edit page knows it is a draft.
		const page = (await editLoader({
			request: getRequest("/admin/projects/edit/draft-stool", adminCookie),
			params: { id: "draft-stool" },
			context: {},
		})) as unknown as { data: { project: { status: string } } };
		expect(page.data.project.status).toBe("draft");

		// Saving the draft again keeps it a draft; a form that names no status does not publish it either.
		await edit("draft-stool", { ...(await unchangedForm("draft-stool")), name: "Draft Stool II" });
		expect(await project("draft-stool")).toMatchObject({ name: "Draft Stool II", status: "draft" });
		const { status: _status, ...withoutStatus } = await unchangedForm("draft-stool");
		await edit("draft-stool", { ...withoutStatus, name: "Draft Stool III" });
		expect(await project("draft-stool")).toMatchObject({ name: "Draft Stool III", status: "draft" });

		await edit("draft-stool", { ...(await unchangedForm("draft-stool")), status: "published" });
		expect(await project("draft-stool")).toMatchObject({ status: "published" });
		// And "Save as draft" takes a published one back.
		await edit("draft-stool", { ...(await unchangedForm("draft-stool")), status: "draft" });
		expect(await project("draft-stool")).toMatchObject({ status: "draft" });
		// A new project posted without a status is published (the primary button's meaning).
		await add({ ...base, customId: "plain-stool" });
		expect(await project("plain-stool")).toMatchObject({ status: "published" });
	});

	it("saves availability, featured and its order, and the facts; empty facts are stored empty", async () => {
		const response = await add({
			...base,
			customId: "facts-chair",
			status: "published",
			availability: "reserved",
			featured: "on",
			featuredOrder: "3",
			dimensions: " 78 × 72 × 70 ",
			materialsEn: "Oak, linen",
			materialsRu: "Дуб, лён",
			year: "2024",
			editionSize: "12",
		});
		expect(statusOf(response)).toBe(302);
		expect(await project("facts-chair")).toMatchObject({
			availability: "reserved",
			featured: 1,
			featured_order: 3,
			dimensions: "78 × 72 × 70",
			materials_en: "Oak, linen",
			materials_ru: "Дуб, лён",
			year: 2024,
			edition_size: 12,
		});
		await edit("facts-chair", {
			...(await unchangedForm("facts-chair")),
			featured: [],
			availability: "sold",
			dimensions: "",
			year: "",
			editionSize: "",
		});
		expect(await project("facts-chair")).toMatchObject({
			availability: "sold",
			featured: 0,
			dimensions: "",
			year: null,
			edition_size: null,
		});
	});

	it("refuses an unknown artist, a bad availability and bad facts with 400 and field errors", async () => {
		const before = await projectCount();
		const cases: Array<[Fields, string]> = [
			[{ ...base, artistId: "nobody-we-know" }, "admin:projects.errors.artistUnknown"],
			[{ ...base, availability: "lost" }, "admin:projects.errors.availabilityInvalid"],
			[{ ...base, status: "archived" }, "admin:projects.errors.statusInvalid"],
			[{ ...base, year: "20x4" }, "admin:projects.errors.yearInvalid"],
			[{ ...base, editionSize: "0" }, "admin:projects.errors.editionInvalid"],
			[{ ...base, featuredOrder: "-1" }, "admin:projects.errors.orderInvalid"],
		];
		for (const [fields, message] of cases) {
			const result = await add({ ...fields, customId: "refused-piece" });
			expect(statusOf(result), message).toBe(400);
			expect(plain(JSON.stringify(result))).toContain(message);
		}
		expect(await projectCount()).toBe(before);
		expect(await project("refused-piece")).toBeUndefined();
	});
});
