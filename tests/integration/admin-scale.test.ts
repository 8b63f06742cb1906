import type { LoaderFunction } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { parseListQuery } from "~/lib/admin-list";
import { db } from "~/lib/db.server";
import { ADMIN_PROJECT_SORTS, listProjectsForAdmin } from "~/models/projects.server";
import { listRequests } from "~/models/purchase-requests.server";
import { createUser, listUsers } from "~/models/users.server";
import { loader as projectsLoader } from "~/routes/admin.projects._index/route";
import { loader as requestsLoader } from "~/routes/admin.requests/route";
import { loader as exportLoader } from "~/routes/admin.requests.export[.]csv";
import { action as deskAction } from "~/routes/admin.requests_.$id/route";
import { action as usersAction, loader as usersLoader } from "~/routes/admin.users/route";
import { startSession } from "~/services/auth.server";
import { plain } from "../support/plain";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";
import { versionOf } from "../support/versions";

let counter = 0;
async function signedIn(role: "user" | "admin") {
	counter += 1;
	const username = `scale-${role}-${counter}`;
	const user = await createUser({
		email: `${username}@example.com`,
		phone: null,
		password: "a-good-password",
		role,
		username,
	});
	return { user, cookie: (await startSession(user.id)).split(";")[0] ?? "" };
}

async function addRequest(values: {
	email: string;
	projectName?: string;
	price?: number;
	status?: "new" | "in_progress" | "done" | "cancelled";
	note?: string;
	phone?: string;
	createdAt?: string;
	userId?: number;
}) {
	const row = await db
		.insertInto("purchase_requests")
		.values({
			project_id: null,
			project_name: values.projectName ?? "Arc Lounge Chair",
			project_price: values.price ?? 48000,
			price_shown: values.price === 0 ? 0 : 1,
			email: values.email,
			phone: values.phone ?? "+79161234567",
			status: values.status ?? "new",
			note: values.note ?? "",
			user_id: values.userId ?? null,
			...(values.createdAt ? { created_at: values.createdAt } : {}),
		})
		.returning("id")
		.executeTakeFirstOrThrow();
	return row.id;
}

type LoaderData<T> = { data: T };

describe("admin lists at scale: search, sort, pages", () => {
	it("finds projects by name, artist or id ignoring case, Cyrillic and ё included, drafts too", async () => {
		const now = new Date().toISOString();
		await db
			.insertInto("projects")
			.values({
				id: "yolka-vase",
				name: "Ёлочная ваза",
				artist_id: "owl",
				category: "design",
				price: 0,
				status: "draft",
				created_at: now,
				updated_at: now,
			})
			.execute();
		const byCyrillic = await listProjectsForAdmin({ query: "ЕЛОЧНАЯ" });
		expect(byCyrillic.rows.map((row) => row.id)).toEqual(["yolka-vase"]);
		expect((await listProjectsForAdmin({ query: "corpus STUDIO" })).rows.map((row) => row.name)).toEqual(
			expect.arrayContaining(["Arc Lounge Chair", "Slab Oak Dining Table", "Dune Ceramic Set"]),
		);
		expect((await listProjectsForAdmin({ query: "nido-sto" })).rows.map((row) => row.id)).toEqual([
			"nido-stool",
		]);
		expect((await listProjectsForAdmin({ query: "no such thing" })).total).toBe(0);
	});

	it("sorts projects by a whitelisted column both ways, and pages with bounds", async () => {
		const cheapest = await listProjectsForAdmin({ sort: "price", direction: "asc" });
		const prices = cheapest.rows.map((row) => row.price);
		expect(prices).toEqual([...prices].sort((a, b) => a - b));
		const dearest = await listProjectsForAdmin({ sort: "price", direction: "desc" });
		expect(dearest.rows[0]?.name).toBe("Terra Modular Sofa");
		// 18 seeded pieces: page 1 holds 20, and a page past the end is the last page, never an error.
		expect(cheapest.total).toBe(18);
		expect((await listProjectsForAdmin({ page: 99 })).page).toBe(1);
		expect((await listProjectsForAdmin({ page: -3 })).rows).toHaveLength(18);
		// A client string that is not a sort key never reaches the SQL: the default order is used.
		const hostile = await listProjectsForAdmin({ sort: "price; drop table projects" as never });
		expect(hostile.total).toBe(18);
	});

	it("reads bad URL parameters as defaults", () => {
		const query = parseListQuery(
			new URLSearchParams("sort=password_hash&dir=sideways&page=abc&q=%20sofa%20"),
			ADMIN_PROJECT_SORTS,
			{
				sort: "created",
				dir: "desc",
			},
		);
		expect(query).toEqual({ q: "sofa", sort: "created", dir: "desc", page: 1 });
		expect(
			parseListQuery(new URLSearchParams("page=2.5&sort=name&dir=asc"), ADMIN_PROJECT_SORTS, {
				sort: "created",
				dir: "desc",
			}),
		).toEqual({
			q: "",
			sort: "name",
			dir: "asc",
			page: 1,
		});
		expect(
			parseListQuery(new URLSearchParams(`q=${"x".repeat(500)}`), ADMIN_PROJECT_SORTS, {
				sort: "created",
				dir: "desc",
			}).q,
		).toHaveLength(100);
	});

	it("finds users by username, e-mail or phone (Cyrillic, any case) and pages through them", async () => {
		await createUser({
			username: "Ёжик",
			email: "hedgehog@example.com",
			phone: "+79035550101",
			password: "a-good-password",
			role: "user",
		});
		for (let index = 0; index < 25; index += 1) {
			await createUser({
				username: `pager${index}`,
				email: `pager${index}@example.com`,
				phone: null,
				password: "x-password",
				role: "user",
			});
		}
		expect((await listUsers({ query: "ЕЖИК" })).rows.map((user) => user.email)).toEqual([
			"hedgehog@example.com",
		]);
		expect((await listUsers({ query: "HEDGEHOG@" })).rows).toHaveLength(1);
		expect((await listUsers({ query: "5550101" })).rows).toHaveLength(1);
		const first = await listUsers({ query: "pager", sort: "username", direction: "asc" });
		expect(first).toMatchObject({ total: 25, page: 1, pageCount: 2 });
		expect(first.rows).toHaveLength(20);
		const second = await listUsers({ query: "pager", sort: "username", direction: "asc", page: 2 });
		expect(second.rows).toHaveLength(5);
		expect(new Set([...first.rows, ...second.rows].map((user) => user.id)).size).toBe(25);
		expect(JSON.stringify(second)).not.toContain("password_hash");
	});

	it("finds requests by e-mail, phone or project, filters by status and sorts by price", async () => {
		await addRequest({ email: "Vera@Example.com", projectName: "Стул Ёж", price: 1000 });
		await addRequest({ email: "oleg@example.com", price: 5000, status: "done", phone: "+79991112233" });
		await addRequest({ email: "zoya@example.com", price: 0, status: "done" });
		expect((await listRequests({ query: "vera@example" })).rows.map((row) => row.email)).toEqual([
			"Vera@Example.com",
		]);
		expect((await listRequests({ query: "стул ЕЖ" })).total).toBe(1);
		expect((await listRequests({ query: "+7 999 111-22-33" })).rows.map((row) => row.email)).toEqual([
			"oleg@example.com",
		]);
		const done = await listRequests({ status: "done", sort: "price", direction: "desc" });
		expect(done.rows.map((row) => row.email)).toEqual(["oleg@example.com", "zoya@example.com"]);
	});

	it("loaders take bad parameters without failing", async () => {
		const { cookie } = await signedIn("admin");
		const load = async (loader: LoaderFunction, path: string) =>
			statusOf(
				await settle(async () => loader({ request: getRequest(path, cookie), params: {}, context: {} })),
			);
		expect(await load(projectsLoader, "/admin/projects?sort=%27;--&dir=x&page=-1&q=%00")).toBe(200);
		expect(await load(usersLoader, "/admin/users?sort=password_hash&page=NaN")).toBe(200);
		expect(await load(requestsLoader, "/admin/requests?status=shipped&sort=email&page=1e9")).toBe(200);
		const users = (await usersLoader({
			request: getRequest("/admin/users?sort=username&dir=desc&page=7", cookie),
			params: {},
			context: {},
		})) as unknown as LoaderData<{ page: number; pageCount: number; query: { sort: string; dir: string } }>;
		expect(users.data).toMatchObject({ page: 1, pageCount: 1, query: { sort: "username", dir: "desc" } });
	});
});

describe("no-JavaScript row changes come back to the page they were made on", () => {
	it("a user's block from page 2 of a search returns there, and only ever to the users list", async () => {
		const admin = await signedIn("admin");
		const target = await signedIn("user");
		const block = (status: string, redirect: string) =>
			settle(async () =>
				usersAction({
					request: formRequest(
						"/admin/users",
						{
							intent: "status",
							id: String(target.user.id),
							status,
							redirect,
							// The version the list showed (docs/decisions/0023): the stored one.
							version: await versionOf("users", target.user.id),
						},
						{ cookie: admin.cookie },
					),
					params: {},
					context: {},
				}),
			) as Promise<Response>;
		expect((await block("blocked", "/admin/users?q=scale&sort=email&page=2")).headers.get("Location")).toBe(
			"/admin/users?q=scale&sort=email&page=2",
		);
		expect((await block("active", "https://evil.example/admin/users")).headers.get("Location")).toBe(
			"/admin/users",
		);
		expect((await block("blocked", "/admin/projects?delete=arc-lounge-chair")).headers.get("Location")).toBe(
			"/admin/users",
		);
	});
});

describe("request notes", () => {
	const postNote = (cookie: string | undefined, id: number, fields: Record<string, string>) =>
		settle(() =>
			deskAction({
				request: formRequest(`/admin/requests/${id}`, { intent: "note", ...fields }, { cookie }),
				params: { id: String(id) },
				context: {},
			}),
		);
	const notesOf = async (id: number) =>
		(
			await db
				.selectFrom("request_notes")
				.select(["body", "author_name"])
				.where("request_id", "=", id)
				.orderBy("id")
				.execute()
		).map((note) => `${note.author_name}: ${note.body}`);

	it("adds notes one after another, and refuses one over 2000 characters with a 400 and a message for the field", async () => {
		const { cookie, user } = await signedIn("admin");
		const id = await addRequest({ email: "note@example.com" });
		const added = (await postNote(cookie, id, { body: "Called back, wants delivery in May" })) as Response;
		expect(added.status).toBe(302);
		expect(added.headers.get("Location")).toBe(`/admin/requests/${id}#notes`);
		const tooLong = (await postNote(cookie, id, { body: "x".repeat(2001) })) as {
			data: { result: { error: Record<string, string[]> } };
		};
		expect(statusOf(tooLong)).toBe(400);
		expect(tooLong.data.result.error.body).toEqual(["sale:desk.errors.noteTooLong"]);
		expect(statusOf(await postNote(cookie, id, { body: "   " }))).toBe(400);
		expect(statusOf(await postNote(cookie, id, { body: "x".repeat(2000) }))).toBe(302);
		expect(statusOf(await postNote(cookie, 999999, { body: "lost" }))).toBe(404);
		// The second note joins the first: nothing is overwritten.
		expect(await notesOf(id)).toEqual([
			`${user.username}: Called back, wants delivery in May`,
			`${user.username}: ${"x".repeat(2000)}`,
		]);
	});

	it("refuses anonymous visitors and plain users, changing nothing", async () => {
		const id = await addRequest({ email: "guarded@example.com", note: "keep" });
		const { cookie } = await signedIn("user");
		for (const who of [undefined, cookie]) {
			const result = (await postNote(who, id, { body: "hijacked" })) as Response;
			expect(result.status).toBe(302);
			expect(result.headers.get("Location")).toMatch(who ? /^\/account/ : /^\/login/);
		}
		expect(await notesOf(id)).toEqual([]);
	});
});

describe("CSV export of requests", () => {
	const exportCsv = (path: string, cookie?: string) =>
		settle(() =>
			exportLoader({ request: getRequest(path, cookie), params: {}, context: {} }),
		) as Promise<Response>;

	it("is for administrators only", async () => {
		const { cookie } = await signedIn("user");
		for (const who of [undefined, cookie]) {
			const response = await exportCsv("/admin/requests/export.csv", who);
			expect(response.status).toBe(302);
			expect(response.headers.get("Location")).toMatch(who ? /^\/account/ : /^\/login/);
		}
	});

	it("exports the current filter as UTF-8 with a BOM, quoting commas, quotes and line breaks", async () => {
		const { cookie, user } = await signedIn("admin");
		await addRequest({
			email: "anna@example.com",
			projectName: 'Стул, «Ёж» "XL"',
			note: "line one\nline two",
			userId: user.id,
			status: "done",
			createdAt: "2026-03-01T18:05:00.000Z",
		});
		await addRequest({ email: "boris@example.com", status: "new" });
		const response = await exportCsv("/admin/requests/export.csv?status=done&q=anna", cookie);
		expect(response.status).toBe(200);
		expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
		expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="forma-requests-/);
		const bytes = new Uint8Array(await response.arrayBuffer());
		expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
		const text = plain(new TextDecoder().decode(bytes.slice(3)));
		const [header, ...rows] = text.trimEnd().split("\r\n");
		// An English admin: commas, English words, ISO dates on the gallery's clock (18:05 UTC is 21:05 MSK).
		expect(header).toBe(
			"No.,Received (Moscow time),Status,Piece,Price (₽),Price shown,Request,E-mail,Phone,Account,Note",
		);
		expect(rows).toHaveLength(1);
		expect(rows[0]).toMatch(/^\d+,2026-03-01 21:05,Done,/);
		expect(rows[0]).toContain(`,Done,"Стул, «Ёж» ""XL""",48000,yes,To buy,anna@example.com,'+79161234567,`);
		expect(rows[0]).toContain(`,${user.username},"line one\nline two"`);
		expect(text).not.toContain("boris@example.com");
	});

	it("speaks a Russian admin's spreadsheet: semicolons, Russian words, Moscow time", async () => {
		const { cookie } = await signedIn("admin");
		await addRequest({
			email: "vera@example.com",
			status: "in_progress",
			createdAt: "2026-03-01T18:05:00.000Z",
		});
		await addRequest({ email: "gleb@example.com", price: 0, status: "cancelled" });
		const response = await exportCsv("/admin/requests/export.csv?lng=ru&sort=date&dir=asc", cookie);
		const text = plain(await response.text()).replace(/^\uFEFF/, "");
		const [header, ...rows] = text.trimEnd().split("\r\n");
		expect(header).toBe(
			'№;Получена (московское время);Статус;Работа;"Цена, ₽";Цена показана;Заявка;Email;Телефон;Аккаунт;Заметка',
		);
		expect(rows[0]).toMatch(
			/^\d+;01\.03\.2026 21:05;В работе;Arc Lounge Chair;48000;да;Покупка;vera@example\.com;/,
		);
		expect(rows[1]).toMatch(/;Отменена;Arc Lounge Chair;0;нет;Запрос цены;gleb@example\.com;/);
	});

	it("csv formula injection: cells starting with = + - @ are neutralised with an apostrophe", async () => {
		const { cookie } = await signedIn("admin");
		await addRequest({
			email: '=HYPERLINK("http://evil.example","click")',
			note: "@SUM(A1:A9)",
			projectName: "-2+3",
		});
		await addRequest({ email: "+cmd|' /C calc'!A0@example.com", note: "\t=1+1" });
		const text = await (await exportCsv("/admin/requests/export.csv", cookie)).text();
		expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
		expect(text).toContain(",'@SUM(A1:A9)");
		expect(text).toContain(",'-2+3,");
		expect(text).toContain(",'+cmd|' /C calc'!A0@example.com,");
		// The tab could split the cell (tests/security/csv-formulas.test.ts): the part after it is neutralised too.
		expect(text).toContain(",'\t'=1+1");
		// Every cell of every row: none starts with a formula character once the quoting is taken off.
		for (const line of text
			.replace(/^\uFEFF/, "")
			.trimEnd()
			.split("\r\n")
			.slice(1)) {
			for (const cell of line.split(",")) expect(cell.replace(/^"/, "")).not.toMatch(/^[=+@]/);
		}
	});
});
