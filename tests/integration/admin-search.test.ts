/**
 * /admin/search (issue #34): staff add, edit and delete synonym groups (counted adds, versioned edits and
 * deletes, every change in the audit trail) and the search follows at once; the searches that found
 * nothing are listed, most asked first, and can be dismissed. Real actions on the test's database.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { SEARCH_ADMIN_PATH } from "~/lib/search-synonyms";
import { deleteOldSearchMisses, recordSearchMiss, searchCataloguePage } from "~/models/search.server";
import { createUser } from "~/models/users.server";
import { action, loader } from "~/routes/admin.search/route";
import { startSession } from "~/services/auth.server";
import { countedFormRequest } from "../support/form-tokens";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";

let admin = "";

beforeEach(async () => {
	const boss = await createUser({
		email: "search-admin@example.com",
		phone: null,
		password: "search-admin-password",
		role: "admin",
		username: "search-admin",
	});
	admin = (await startSession(boss.id)).split(";")[0] ?? "";
});

const post = (request: Request) => settle(() => action({ request, params: {}, context: {} }));
const load = async (query = "") =>
	(
		(await loader({
			request: getRequest(`${SEARCH_ADMIN_PATH}${query}`, admin),
			params: {},
			context: {},
		})) as {
			data: {
				synonyms: Array<{ id: number; list: string[]; version: number }>;
				misses: Array<{ query: string; count: number }>;
				prefill: string;
			};
		}
	).data;

async function addGroup(phrases: string) {
	return post(await countedFormRequest(SEARCH_ADMIN_PATH, { intent: "create", phrases }, { cookie: admin }));
}

const found = async (query: string) =>
	(await searchCataloguePage({ query, pageSize: 24 })).projects.map((project) => project.id);

describe("synonyms", () => {
	it("an added group makes each of its words find what the others find, and is in the audit trail", async () => {
		// "couch" alone would be taken for a typo of the artist Chuch Estudio.
		expect(await found("settee")).toEqual([]);
		const response = await addGroup("диван\nsofa, settee");
		expect(response).toBeInstanceOf(Response);
		expect((response as Response).headers.get("Location")).toBe(SEARCH_ADMIN_PATH);
		expect((await load()).synonyms.map((row) => row.list)).toEqual([["диван", "sofa", "settee"]]);
		expect((await found("settee"))[0]).toBe("terra-modular-sofa");
		const trail = await db.selectFrom("audit_log").selectAll().where("entity_kind", "=", "synonym").execute();
		expect(trail.map((row) => [row.action, row.actor_username, row.entity_label])).toEqual([
			["created", "search-admin", "диван, sofa, settee"],
		]);
	});

	it("a post sent twice adds one group", async () => {
		const request = await countedFormRequest(
			SEARCH_ADMIN_PATH,
			{ intent: "create", phrases: "кресло\narmchair" },
			{ cookie: admin },
		);
		await post(request.clone());
		await post(request);
		expect((await load()).synonyms).toHaveLength(1);
	});

	it("refuses a group of one word, with the message by the field, and writes nothing", async () => {
		const result = await post(
			await countedFormRequest(SEARCH_ADMIN_PATH, { intent: "create", phrases: "кресло" }, { cookie: admin }),
		);
		expect(statusOf(result)).toBe(400);
		expect(JSON.stringify(result)).toContain("admin:search.errors.tooFew");
		expect((await load()).synonyms).toEqual([]);
	});

	it("an edit opened at an older version is refused (409) with what changed, and nothing is written", async () => {
		await addGroup("кресло\narmchair");
		const [group] = (await load()).synonyms;
		if (!group) throw new Error("added above");
		const edit = (phrases: string, version: number) =>
			post(
				formRequest(
					`${SEARCH_ADMIN_PATH}?edit=${group.id}`,
					{ intent: "update", id: String(group.id), phrases, version: String(version) },
					{ cookie: admin },
				),
			);
		expect(statusOf(await edit("кресло\narmchair\nlounge chair", group.version))).toBe(302);
		const stale = await edit("кресло\nchair", group.version);
		expect(statusOf(stale)).toBe(409);
		expect(JSON.stringify(stale)).toContain("lounge chair");
		expect((await load()).synonyms[0]?.list).toEqual(["кресло", "armchair", "lounge chair"]);
	});

	it("deletes the version the list showed, and asks again when it changed since", async () => {
		await addGroup("кресло\narmchair");
		const [group] = (await load()).synonyms;
		if (!group) throw new Error("added above");
		const remove = (version: number) =>
			post(
				formRequest(
					SEARCH_ADMIN_PATH,
					{ intent: "delete", id: String(group.id), version: String(version) },
					{ cookie: admin },
				),
			);
		expect(statusOf(await remove(group.version + 1))).toBe(409);
		expect((await load()).synonyms).toHaveLength(1);
		expect(statusOf(await remove(group.version))).toBe(302);
		expect((await load()).synonyms).toEqual([]);
		expect(await found("armchair")).toEqual([]);
	});
});

describe("searches that found nothing", () => {
	it("are listed most asked first, start a synonym group, and can be dismissed", async () => {
		await recordSearchMiss("Zzqxj");
		await recordSearchMiss("bergère");
		await recordSearchMiss("Bergère");
		expect((await load()).misses.map(({ query, count }) => ({ query, count }))).toEqual([
			{ query: "bergere", count: 2 },
			{ query: "zzqxj", count: 1 },
		]);
		expect((await load("?new&phrases=bergere")).prefill).toBe("bergere");
		const result = await post(
			formRequest(SEARCH_ADMIN_PATH, { intent: "dismiss", query: "zzqxj" }, { cookie: admin }),
		);
		expect(statusOf(result)).toBe(302);
		expect((await load()).misses.map((row) => row.query)).toEqual(["bergere"]);
	});
});

describe("the list's upkeep", () => {
	it("forgets searches not made for half a year", async () => {
		const now = new Date("2026-11-28T12:00:00Z");
		await recordSearchMiss("zzqxj", { filtered: false, now: new Date("2026-04-01T12:00:00Z") });
		await recordSearchMiss("bergere", { filtered: false, now: new Date("2026-11-01T12:00:00Z") });
		expect(await deleteOldSearchMisses(now)).toBe(1);
		expect((await load()).misses.map((row) => row.query)).toEqual(["bergere"]);
	});
});
