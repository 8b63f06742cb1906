import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ActionFunction, LoaderFunction } from "@remix-run/node";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { AUDITED_FIELDS, type FieldChange, parseChanges } from "~/lib/activity";
import { db } from "~/lib/db.server";
import { ACTIVITY_TABLES, UNAUDITED_COLUMNS } from "~/models/activity.server";
import { createUser } from "~/models/users.server";
import { loader as activityLoader } from "~/routes/admin.activity/route";
import { action as artistsAction, loader as artistsLoader } from "~/routes/admin.artists/route";
import { action as listAction } from "~/routes/admin.projects._index/route";
import { action as addAction, loader as addLoader } from "~/routes/admin.projects.add";
import { action as editAction } from "~/routes/admin.projects.edit.$id";
import { action as deskAction } from "~/routes/admin.requests_.$id/route";
import { action as settingsAction } from "~/routes/admin.settings/route";
import { action as sliderAction, loader as sliderLoader } from "~/routes/admin.slider/route";
import { action as usersAction, loader as usersLoader } from "~/routes/admin.users/route";
import { startSession } from "~/services/auth.server";
import type { User } from "~db/schema";
import { backupTo } from "../../db/backup";
import { projectFormFields } from "../support/project-form";
import { refuseWrites } from "../support/refuse-writes";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";
import { testDatabase } from "../support/test-database";

/**
 * The audit trail (issue #18): every administrator's write appends one row, in the write's own
 * transaction, saying who, when, what and each field before → after; refused requests write none, and no
 * row ever holds a secret. Real actions against the per-test SQLite database, no mocks.
 */

let boss: User;
let adminCookie = "";
let userCookie = "";

beforeEach(async () => {
	boss = await createUser({
		email: "boss@example.com",
		phone: null,
		password: "boss-secret-password",
		username: "boss",
		role: "admin",
	});
	adminCookie = (await startSession(boss.id)).split(";")[0] ?? "";
	const visitor = await createUser({
		email: "visitor@example.com",
		phone: null,
		password: "visitor-password",
		username: "visitor",
	});
	userCookie = (await startSession(visitor.id)).split(";")[0] ?? "";
});

type AuditRow = {
	id: number;
	created_at: string;
	actor_id: number | null;
	actor_username: string;
	entity_kind: string;
	entity_id: string;
	entity_label: string;
	action: string;
	changes: FieldChange[];
};

async function auditRows(): Promise<AuditRow[]> {
	const rows = await db.selectFrom("audit_log").selectAll().orderBy("id").execute();
	return rows.map((row) => ({ ...row, changes: parseChanges(row.changes) }));
}

const changesOf = (row: AuditRow | undefined) =>
	Object.fromEntries((row?.changes ?? []).map((change) => [change.field, [change.before, change.after]]));

let colour = 0;
async function jpeg(name: string): Promise<File> {
	colour += 53;
	const bytes = await sharp({
		create: { width: 320, height: 240, channels: 3, background: { r: colour % 256, g: 120, b: 60 } },
	})
		.jpeg()
		.toBuffer();
	return new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
}

type Fields = Record<string, string | File | Array<string | File>>;

/** The table behind each admin form, for the version its edit and delete forms carry. */
const VERSIONED: Record<string, string> = {
	"/admin/projects": "projects",
	"/admin/artists": "artists",
	"/admin/slider": "hero_slides",
	"/admin/users": "users",
	"/admin/settings": "settings",
};

/**
 * `fields` with the version the page's form would carry (docs/decisions/0023): the stored one of the
 * record the form is about (its `id`, the edit page's own, or the settings row), unless given.
 */
async function withVersion<T extends Record<string, unknown>>(url: string, fields: T): Promise<T> {
	const path = url.split("?")[0] ?? url;
	const edited = /^\/admin\/projects\/edit\/(.+)$/.exec(path);
	const table = edited ? "projects" : VERSIONED[path];
	const id = edited ? decodeURIComponent(edited[1] ?? "") : table === "settings" ? 1 : fields.id;
	if (!table || "version" in fields || (typeof id !== "string" && typeof id !== "number")) return fields;
	const { rows } = await sql<{
		version: number;
	}>`select version from ${sql.table(table)} where id = ${id}`.execute(db);
	return rows[0] ? { ...fields, version: String(rows[0].version) } : fields;
}

async function multipart(url: string, fields: Fields, cookie = adminCookie): Promise<Request> {
	const body = new FormData();
	for (const [name, value] of Object.entries(await withVersion(url, fields))) {
		for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
	}
	return new Request(`http://localhost${url}`, { method: "POST", body, headers: { Cookie: cookie } });
}

const noFile = () => new File([], "", { type: "application/octet-stream" });

/**
 * Whatever one-time token the add form's page hands out (issue #18's "posts that count once"), sent back
 * as the page's form would; nothing when the page gives none.
 */
async function addFormToken(loader: LoaderFunction, path: string): Promise<Record<string, string>> {
	const result = await settle(async () =>
		loader({ request: getRequest(path, adminCookie), params: {}, context: {} }),
	);
	const token = (result as { data?: { formToken?: unknown } } | undefined)?.data?.formToken;
	return typeof token === "string" ? { formToken: token } : {};
}

const addProject = async (fields: Fields, cookie = adminCookie) => {
	const token = await addFormToken(addLoader, "/admin/projects/add");
	return settle(async () =>
		addAction({
			request: await multipart("/admin/projects/add", { ...token, ...fields }, cookie),
			params: {},
			context: {},
		}),
	);
};
const editProject = (id: string, fields: Fields, cookie = adminCookie) =>
	settle(async () =>
		editAction({
			request: await multipart(`/admin/projects/edit/${id}`, fields, cookie),
			params: { id },
			context: {},
		}),
	);

/** The edit form as the page sends it, unchanged; callers override what the admin changed. */
async function projectForm(id: string): Promise<Fields> {
	const row = await db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
	return projectFormFields(row);
}

const galleryIds = async (id: string) =>
	(
		await db
			.selectFrom("project_images")
			.select("id")
			.where("project_id", "=", id)
			.orderBy("sort_order")
			.execute()
	).map((row) => row.id);

const post = (action: ActionFunction, url: string, fields: Record<string, string>, cookie = adminCookie) =>
	settle(async () =>
		action({
			request: formRequest(url, await withVersion(url, fields), { cookie }),
			params: {},
			context: {},
		}),
	);

/** A post to a request's page, /admin/requests/<id> (its status, its notes). */
const postToRequest = (id: number, fields: Record<string, string>, cookie = adminCookie) =>
	settle(async () =>
		deskAction({
			request: formRequest(`/admin/requests/${id}`, fields, { cookie }),
			params: { id: String(id) },
			context: {},
		}),
	);

async function insertRequest(): Promise<number> {
	const row = await db
		.insertInto("purchase_requests")
		.values({
			project_id: "tidal-relief",
			project_name: "Tidal Relief",
			project_price: 27000,
			email: "buyer@example.com",
			phone: "+79161234567",
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	return row.id;
}

describe("the audit trail records every administrator's write", () => {
	it("a project's creation, edits, gallery changes, move and deletion: one row each, with who, what, before and after", async () => {
		const added = await addProject({
			customId: "audit-stool",
			name: "Oak Stool",
			artistId: "corpus-studio",
			category: "art",
			price: "12500",
			descriptionEn: "Solid oak.",
			gallery: [await jpeg("one.jpg"), await jpeg("two.jpg")],
		});
		expect(statusOf(added)).toBe(302);
		let rows = await auditRows();
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({
			actor_id: boss.id,
			actor_username: "boss",
			entity_kind: "project",
			entity_id: "audit-stool",
			entity_label: "Oak Stool",
			action: "created",
		});
		expect(Date.now() - Date.parse(rows[0]?.created_at ?? "")).toBeLessThan(60_000);
		const created = changesOf(rows[0]);
		expect(created.name).toEqual([null, "Oak Stool"]);
		expect(created.price).toEqual([null, 12500]);
		expect(created.category).toEqual([null, "art"]);
		// The artist by name, as it was then, not by id.
		expect(created.artist).toEqual([null, "Corpus Studio"]);
		expect(created.gallery?.[1]).toHaveLength(2);
		// Empty values are not listed for a new thing; bookkeeping never is.
		expect(created).not.toHaveProperty("link");
		expect(created).not.toHaveProperty("updated_at");

		// A plain edit: exactly the two fields that changed.
		expect(
			statusOf(
				await editProject("audit-stool", {
					...(await projectForm("audit-stool")),
					name: "Elm Stool",
					price: "15000",
				}),
			),
		).toBe(302);
		rows = await auditRows();
		expect(rows).toHaveLength(2);
		expect(rows[1]).toMatchObject({ action: "updated", entity_id: "audit-stool", entity_label: "Elm Stool" });
		expect(rows[1]?.changes).toEqual([
			{ field: "name", before: "Oak Stool", after: "Elm Stool" },
			{ field: "price", before: 12500, after: 15000 },
		]);

		// A saved form with nothing changed writes no row.
		expect(statusOf(await editProject("audit-stool", await projectForm("audit-stool")))).toBe(302);
		expect(await auditRows()).toHaveLength(2);

		// A gallery image added, then one removed: the gallery's keys before and after.
		const [firstImage] = await galleryIds("audit-stool");
		await editProject("audit-stool", {
			...(await projectForm("audit-stool")),
			gallery: [await jpeg("three.jpg")],
		});
		rows = await auditRows();
		expect(rows).toHaveLength(3);
		expect(rows[2]?.changes.map((change) => change.field)).toEqual(["gallery"]);
		const [before, after] = changesOf(rows[2]).gallery as [string[], string[]];
		expect([before.length, after.length]).toEqual([2, 3]);
		expect(after.slice(0, 2)).toEqual(before);

		await editProject("audit-stool", {
			...(await projectForm("audit-stool")),
			galleryRemove: String(firstImage),
		});
		rows = await auditRows();
		expect(rows).toHaveLength(4);
		const [was, now] = changesOf(rows[3]).gallery as [string[], string[]];
		expect([was.length, now.length]).toEqual([3, 2]);
		expect(now).toEqual(was.slice(1));

		// A move to a new id: recorded, and the project's history moves with it.
		await editProject("audit-stool", {
			...(await projectForm("audit-stool")),
			customId: "audit-stool-moved",
		});
		rows = await auditRows();
		expect(rows).toHaveLength(5);
		expect(changesOf(rows[4]).id).toEqual(["audit-stool", "audit-stool-moved"]);
		expect(new Set(rows.map((row) => row.entity_id))).toEqual(new Set(["audit-stool-moved"]));

		// Deletion keeps what it was.
		const deleted = await post(listAction, "/admin/projects", { intent: "delete", id: "audit-stool-moved" });
		expect(statusOf(deleted)).toBe(302);
		rows = await auditRows();
		expect(rows).toHaveLength(6);
		expect(rows[5]).toMatchObject({ action: "deleted", entity_label: "Elm Stool", actor_username: "boss" });
		expect(changesOf(rows[5]).name).toEqual(["Elm Stool", null]);
		expect(changesOf(rows[5]).price).toEqual([15000, null]);
	});

	it("artists: created, updated field by field, deleted", async () => {
		const artistForm = async (fields: Record<string, string>) => {
			const token = fields.intent === "create" ? await addFormToken(artistsLoader, "/admin/artists?new") : {};
			const request = await multipart("/admin/artists", { image: noFile(), ...token, ...fields });
			return settle(() => artistsAction({ request, params: {}, context: {} }));
		};
		const base = { name: "Atelier Nove", cityEn: "Milan", cityRu: "Милан", sortOrder: "12" };
		expect(statusOf(await artistForm({ intent: "create", id: "atelier-nove", ...base }))).toBe(302);
		expect(
			statusOf(
				await artistForm({ intent: "update", id: "atelier-nove", ...base, cityEn: "Turin", cityRu: "Турин" }),
			),
		).toBe(302);
		// Saved again as it is: nothing to record.
		expect(
			statusOf(
				await artistForm({ intent: "update", id: "atelier-nove", ...base, cityEn: "Turin", cityRu: "Турин" }),
			),
		).toBe(302);
		expect(
			statusOf(await post(artistsAction, "/admin/artists", { intent: "delete", id: "atelier-nove" })),
		).toBe(302);
		const rows = await auditRows();
		expect(rows.map((row) => [row.entity_kind, row.entity_id, row.action])).toEqual([
			["artist", "atelier-nove", "created"],
			["artist", "atelier-nove", "updated"],
			["artist", "atelier-nove", "deleted"],
		]);
		expect(changesOf(rows[0]).name).toEqual([null, "Atelier Nove"]);
		expect(rows[1]?.changes).toEqual([
			{ field: "city_en", before: "Milan", after: "Turin" },
			{ field: "city_ru", before: "Милан", after: "Турин" },
		]);
		expect(changesOf(rows[2]).city_en).toEqual(["Turin", null]);
	});

	it("hero slides: created, edited, switched off, moved and deleted", async () => {
		const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: "#c66f45" } })
			.png()
			.toBuffer();
		const text = {
			intent: "save",
			titleEn: "Summer objects",
			titleRu: "Летние предметы",
			subtitleEn: "New arrivals",
			subtitleRu: "Новые поступления",
			category: "design",
			isActive: "on",
		};
		const save = (fields: Record<string, string>, file: File) =>
			settle(async () =>
				sliderAction({
					request: await multipart("/admin/slider", { ...fields, image: file }),
					params: {},
					context: {},
				}),
			);
		const token = await addFormToken(sliderLoader, "/admin/slider?new");
		expect(
			statusOf(
				await save(
					{ ...token, ...text },
					new File([new Uint8Array(png)], "slide.png", { type: "image/png" }),
				),
			),
		).toBe(302);
		const slide = await db
			.selectFrom("hero_slides")
			.selectAll()
			.where("title_en", "=", "Summer objects")
			.executeTakeFirstOrThrow();
		const id = String(slide.id);
		expect(statusOf(await save({ ...text, id, titleEn: "Autumn objects" }, noFile()))).toBe(302);
		expect(statusOf(await post(sliderAction, "/admin/slider", { intent: "toggle", id, active: "0" }))).toBe(
			200,
		);
		expect(statusOf(await post(sliderAction, "/admin/slider", { intent: "move", id, direction: "up" }))).toBe(
			200,
		);
		expect(statusOf(await post(sliderAction, "/admin/slider", { intent: "delete", id }))).toBe(302);

		const rows = await auditRows();
		expect(rows.map((row) => [row.entity_kind, row.entity_id, row.action])).toEqual([
			["slide", id, "created"],
			["slide", id, "updated"],
			["slide", id, "updated"],
			["slide", id, "moved"],
			["slide", id, "deleted"],
		]);
		expect(rows[1]?.changes).toEqual([
			{ field: "title_en", before: "Summer objects", after: "Autumn objects" },
		]);
		expect(rows[1]?.entity_label).toBe("Autumn objects");
		// Flags are recorded as booleans, so the screen can say Yes/No in the visitor's language.
		expect(rows[2]?.changes).toEqual([{ field: "is_active", before: true, after: false }]);
		expect(rows[3]?.changes).toEqual([
			{ field: "sort_order", before: slide.sort_order, after: slide.sort_order - 1 },
		]);
		expect(changesOf(rows[4]).title_en).toEqual(["Autumn objects", null]);
	});

	it("users: an account added, its role and its status changed", async () => {
		const created = await post(usersAction, "/admin/users", {
			...(await addFormToken(usersLoader, "/admin/users?add")),
			intent: "create",
			email: "new.editor@example.com",
			username: "editor",
			password: "editor-password-123",
			role: "user",
		});
		expect(statusOf(created)).toBe(302);
		const editor = await db
			.selectFrom("users")
			.selectAll()
			.where("username", "=", "editor")
			.executeTakeFirstOrThrow();
		const id = String(editor.id);
		expect(statusOf(await post(usersAction, "/admin/users", { intent: "role", id, role: "admin" }))).toBe(
			200,
		);
		expect(
			statusOf(await post(usersAction, "/admin/users", { intent: "status", id, status: "blocked" })),
		).toBe(200);

		const rows = await auditRows();
		expect(rows.map((row) => [row.entity_kind, row.entity_id, row.entity_label, row.action])).toEqual([
			["user", id, "editor", "created"],
			["user", id, "editor", "role_changed"],
			["user", id, "editor", "status_changed"],
		]);
		expect(changesOf(rows[0])).toEqual({
			username: [null, "editor"],
			email: [null, "new.editor@example.com"],
			role: [null, "user"],
			status: [null, "active"],
		});
		expect(rows[1]?.changes).toEqual([{ field: "role", before: "user", after: "admin" }]);
		expect(rows[2]?.changes).toEqual([{ field: "status", before: "active", after: "blocked" }]);
	});

	it("settings: only what changed, flags as booleans", async () => {
		const before = await db.selectFrom("settings").selectAll().executeTakeFirstOrThrow();
		const general = {
			tab: "general",
			shopName: "Галерея ФОРМА",
			shopDescription: before.shop_description,
			audioUrl: before.audio_url,
			maintenanceMode: "on",
			...(before.allow_registration ? { allowRegistration: "on" } : {}),
		};
		expect(statusOf(await post(settingsAction, "/admin/settings", general))).toBe(302);
		// The same form again changes nothing and records nothing.
		expect(statusOf(await post(settingsAction, "/admin/settings", general))).toBe(302);
		const rows = await auditRows();
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatchObject({ entity_kind: "settings", entity_id: "1", action: "updated" });
		expect(rows[0]?.changes).toEqual([
			{ field: "shop_name", before: before.shop_name, after: "Галерея ФОРМА" },
			{ field: "maintenance_mode", before: false, after: true },
		]);
	});

	it("purchase requests: a status change (notes are their own record, with author and time)", async () => {
		const id = await insertRequest();
		expect(statusOf(await postToRequest(id, { intent: "status", status: "in_progress" }))).toBe(302);
		// The same status again is no change.
		await postToRequest(id, { intent: "status", status: "in_progress" });
		expect(statusOf(await postToRequest(id, { intent: "note", body: "Call back" }))).toBe(302);
		const rows = await auditRows();
		expect(rows.map((row) => [row.entity_kind, row.entity_id, row.entity_label, row.action])).toEqual([
			["request", String(id), "Tidal Relief", "status_changed"],
		]);
		expect(rows[0]?.changes).toEqual([{ field: "status", before: "new", after: "in_progress" }]);
	});
});

describe("refused requests write no row", () => {
	it("from a signed-in non-administrator, for every kind of write", async () => {
		const requestId = await insertRequest();
		const results = [
			await addProject(
				{ name: "Sneaky", artistId: "corpus-studio", category: "art", price: "1" },
				userCookie,
			),
			await editProject(
				"tidal-relief",
				{ ...(await projectForm("tidal-relief")), name: "Hijacked" },
				userCookie,
			),
			await post(listAction, "/admin/projects", { intent: "delete", id: "tidal-relief" }, userCookie),
			await post(artistsAction, "/admin/artists", { intent: "delete", id: "owl" }, userCookie),
			await post(sliderAction, "/admin/slider", { intent: "toggle", id: "1", active: "0" }, userCookie),
			await post(
				usersAction,
				"/admin/users",
				{ intent: "role", id: String(boss.id), role: "user" },
				userCookie,
			),
			await post(settingsAction, "/admin/settings", { tab: "general", shopName: "Hijacked" }, userCookie),
			await postToRequest(requestId, { intent: "status", status: "done" }, userCookie),
		];
		for (const result of results) {
			expect(result).toBeInstanceOf(Response);
			expect((result as Response).headers.get("Location")).toBe("/account");
		}
		expect(await auditRows()).toEqual([]);
	});

	it("with invalid input from an administrator (a 4xx with the message next to the field)", async () => {
		const requestId = await insertRequest();
		const results = [
			await editProject("tidal-relief", { ...(await projectForm("tidal-relief")), price: "-5" }),
			await editProject("tidal-relief", { ...(await projectForm("tidal-relief")), name: "" }),
			await post(settingsAction, "/admin/settings", { tab: "general", shopName: "" }),
			await post(usersAction, "/admin/users", { intent: "role", id: String(boss.id), role: "owner" }),
			// Refused by a rule rather than the form: nobody removes their own administrator role.
			await post(usersAction, "/admin/users", { intent: "role", id: String(boss.id), role: "user" }),
			await postToRequest(requestId, { intent: "note", body: "x".repeat(2001) }),
			await postToRequest(requestId, { intent: "status", status: "lost" }),
			await post(sliderAction, "/admin/slider", { intent: "move", id: "1", direction: "sideways" }),
		];
		for (const result of results) {
			expect(statusOf(result)).toBeGreaterThanOrEqual(400);
			expect(statusOf(result)).toBeLessThan(500);
		}
		expect(await auditRows()).toEqual([]);
	});
});

describe("the change and its row share one transaction", () => {
	it("a row that cannot be written fails the change: nothing is saved", async () => {
		const allowAudit = await refuseWrites(db, {
			name: "refuse_audit",
			table: "audit_log",
			event: "insert",
			message: "audit refused",
		});
		const renamed = await editProject("tidal-relief", {
			...(await projectForm("tidal-relief")),
			name: "Renamed",
		});
		expect(statusOf(renamed)).toBe(500);
		const project = await db
			.selectFrom("projects")
			.select("name")
			.where("id", "=", "tidal-relief")
			.executeTakeFirst();
		expect(project?.name).toBe("Tidal Relief");

		const shopName = (await db.selectFrom("settings").select("shop_name").executeTakeFirstOrThrow())
			.shop_name;
		await expect(
			post(settingsAction, "/admin/settings", { tab: "general", shopName: "Never saved" }),
		).rejects.toThrow(/audit refused/);
		expect((await db.selectFrom("settings").select("shop_name").executeTakeFirstOrThrow()).shop_name).toBe(
			shopName,
		);

		const id = await insertRequest();
		await expect(postToRequest(id, { intent: "status", status: "done" })).rejects.toThrow(/audit refused/);
		expect(
			(
				await db
					.selectFrom("purchase_requests")
					.select("status")
					.where("id", "=", id)
					.executeTakeFirstOrThrow()
			).status,
		).toBe("new");

		await allowAudit();
		expect(statusOf(await postToRequest(id, { intent: "status", status: "done" }))).toBe(302);
		expect(await auditRows()).toHaveLength(1);
	});

	it("a change that fails leaves no row", async () => {
		// The write itself is refused (a trigger on the table): whatever was written before it in the
		// transaction, its row included, must go with it.
		const allowRenames = await refuseWrites(db, {
			name: "refuse_rename",
			table: "artists",
			event: "update of name",
			message: "artist locked",
		});
		const request = await multipart("/admin/artists", {
			image: noFile(),
			intent: "update",
			id: "owl",
			name: "Owl Renamed",
		});
		await expect(settle(() => artistsAction({ request, params: {}, context: {} }))).rejects.toThrow(
			/artist locked/,
		);
		await allowRenames();
		// And refused by its own rule (a name another artist has): no row either.
		const taken = await multipart("/admin/artists", {
			image: noFile(),
			intent: "update",
			id: "owl",
			name: "Corpus Studio",
		});
		expect(statusOf(await settle(() => artistsAction({ request: taken, params: {}, context: {} })))).toBe(
			400,
		);
		expect(await auditRows()).toEqual([]);
	});
});

describe("what the trail keeps", () => {
	it("never a secret: no password, hash, session id or token in any row", async () => {
		await post(usersAction, "/admin/users", {
			...(await addFormToken(usersLoader, "/admin/users?add")),
			intent: "create",
			email: "secret.keeper@example.com",
			password: "a-very-secret-password",
			role: "admin",
		});
		const keeper = await db
			.selectFrom("users")
			.selectAll()
			.where("email", "=", "secret.keeper@example.com")
			.executeTakeFirstOrThrow();
		await post(usersAction, "/admin/users", { intent: "status", id: String(keeper.id), status: "blocked" });
		await post(usersAction, "/admin/users", { intent: "status", id: String(keeper.id), status: "active" });
		await post(settingsAction, "/admin/settings", {
			tab: "notifications",
			emailNotifications: "on",
			adminEmail: "gallery@example.com",
		});
		const rows = await db.selectFrom("audit_log").selectAll().execute();
		expect(rows.length).toBeGreaterThanOrEqual(4);
		const text = JSON.stringify(rows);
		const sessions = await db.selectFrom("sessions").select("id").execute();
		const hashes = await db.selectFrom("users").select("password_hash").execute();
		for (const secret of [
			"a-very-secret-password",
			"boss-secret-password",
			...hashes.map((row) => row.password_hash),
			...sessions.map((row) => row.id),
		]) {
			expect(text).not.toContain(secret);
		}
		expect(text).not.toMatch(/password|argon2|token|session/i);
	});

	it("names every column of every recorded table: kept, or left out with a reason", async () => {
		const tables = await db.introspection.getTables();
		for (const [entity, table] of Object.entries(ACTIVITY_TABLES)) {
			const columns = tables.find((each) => each.name === table)?.columns.map((column) => column.name) ?? [];
			expect(columns, table).not.toEqual([]);
			const kept = Object.keys(AUDITED_FIELDS[entity as keyof typeof AUDITED_FIELDS]);
			const left = Object.keys(UNAUDITED_COLUMNS[table]);
			expect(
				columns.filter((column) => !kept.includes(column) && !left.includes(column)),
				table,
			).toEqual([]);
			expect(
				kept.filter((field) => left.includes(field)),
				table,
			).toEqual([]);
		}
		expect(Object.keys(UNAUDITED_COLUMNS.users)).toContain("password_hash");
		expect(Object.keys(AUDITED_FIELDS.user)).not.toContain("password_hash");
	});

	it("is in a backup", async () => {
		await post(settingsAction, "/admin/settings", { tab: "general", shopName: "Backed up" });
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-audit-backup-"));
		try {
			const manifest = await backupTo(path.join(dir, "backup"), {
				databasePath: process.env.DATABASE_PATH ?? "",
				databaseUrl: process.env.DATABASE_URL,
				uploadsDir: process.env.UPLOADS_DIR ?? "",
			});
			expect(manifest.rowCounts.audit_log).toBe(1);
			// A Postgres dump is read back by restoring it (tests/integration/backup.test.ts).
			if (testDatabase() === "postgres") return;
			const copy = new SQLite(path.join(dir, "backup", "forma.sqlite"), { readonly: true });
			try {
				const row = copy.prepare("select actor_username, entity_kind, changes from audit_log").get() as {
					actor_username: string;
					entity_kind: string;
					changes: string;
				};
				expect(row).toMatchObject({ actor_username: "boss", entity_kind: "settings" });
				expect(row.changes).toContain("Backed up");
			} finally {
				copy.close();
			}
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe("/admin/activity", () => {
	type Page = {
		entries: Array<{
			entity: string;
			entityId: string;
			label: string;
			action: string;
			actorUsername: string;
			href: string | null;
			changes: FieldChange[];
		}>;
		total: number;
		page: number;
		pageCount: number;
		actors: Array<{ id: number; username: string }>;
		history: { label: string } | null;
	};
	const load = async (query = "", cookie = adminCookie) => {
		const result = await settle(() =>
			activityLoader({ request: getRequest(`/admin/activity${query}`, cookie), params: {}, context: {} }),
		);
		return result;
	};
	const pageOf = async (query = "") => ((await load(query)) as { data: Page }).data;

	it("lists changes newest first, filtered by kind, administrator and thing, with links to what still exists", async () => {
		const other = await createUser({
			email: "second@example.com",
			phone: null,
			password: "second-password",
			username: "second",
			role: "admin",
		});
		const otherCookie = (await startSession(other.id)).split(";")[0] ?? "";
		await editProject("tidal-relief", { ...(await projectForm("tidal-relief")), price: "30000" });
		await post(settingsAction, "/admin/settings", { tab: "general", shopName: "By the second" }, otherCookie);
		await post(listAction, "/admin/projects", { intent: "delete", id: "ripple-glass-vase" });

		const all = await pageOf();
		expect(all.entries.map((entry) => [entry.entity, entry.action, entry.actorUsername])).toEqual([
			["project", "deleted", "boss"],
			["settings", "updated", "second"],
			["project", "updated", "boss"],
		]);
		// A link while the thing exists; none once it is gone.
		expect(all.entries[2]?.href).toBe("/admin/projects/edit/tidal-relief");
		expect(all.entries[1]?.href).toBe("/admin/settings");
		expect(all.entries[0]?.href).toBeNull();
		expect(all.actors.map((actor) => actor.username)).toEqual(["boss", "second"]);

		expect((await pageOf("?entity=settings")).entries.map((entry) => entry.actorUsername)).toEqual([
			"second",
		]);
		expect((await pageOf(`?admin=${boss.id}`)).entries).toHaveLength(2);
		const history = await pageOf("?entity=project&id=tidal-relief");
		expect(history.entries.map((entry) => entry.action)).toEqual(["updated"]);
		expect(history.history).toEqual({ label: "Tidal Relief" });
		// Nonsense in the address falls back to everything.
		expect((await pageOf("?entity=rockets&admin=-3&page=abc")).entries).toHaveLength(3);
	});

	it("pages through 20 at a time", async () => {
		for (let price = 1; price <= 25; price += 1) {
			await editProject("tidal-relief", { ...(await projectForm("tidal-relief")), price: String(price) });
		}
		const first = await pageOf("?entity=project");
		expect([first.total, first.page, first.pageCount, first.entries.length]).toEqual([25, 1, 2, 20]);
		expect(first.entries[0]?.changes).toEqual([{ field: "price", before: 24, after: 25 }]);
		const second = await pageOf("?entity=project&page=2");
		expect(second.entries).toHaveLength(5);
		expect(second.entries.at(-1)?.changes).toEqual([{ field: "price", before: 27000, after: 1 }]);
	});

	it("is for administrators only", async () => {
		const anonymous = (await load("", "")) as Response;
		expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
		const user = (await load("", userCookie)) as Response;
		expect(user.headers.get("Location")).toBe("/account");
	});
});
