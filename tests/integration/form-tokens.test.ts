import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { FORM_TOKEN_FIELD } from "~/lib/form-token";
import { FORM_TOKEN_LIFETIME_MS, issueFormToken } from "~/lib/form-token.server";
import { runInRequestScope } from "~/lib/request-scope.server";
import { takeToast } from "~/lib/toast.server";
import { deleteExpiredFormSubmissions, FormAlreadySubmittedError } from "~/models/form-submissions.server";
import { createProject, type ProjectFields } from "~/models/projects.server";
import { createUser } from "~/models/users.server";
import { action as artistsAction } from "~/routes/admin.artists/route";
import { action as addProjectAction } from "~/routes/admin.projects.add";
import { action as sliderAction } from "~/routes/admin.slider/route";
import { action as usersAction } from "~/routes/admin.users/route";
import { action as requestAction } from "~/routes/project.$id_.request";
import { action as registerAction } from "~/routes/register/route";
import { startSession } from "~/services/auth.server";
import { claimWith } from "~/services/form-tokens.server";
import { GIVEN_CONSENT } from "../support/consent";
import { formToken } from "../support/form-tokens";
import { getRequest, settle, statusOf } from "../support/requests";

/**
 * Posts that count once (issue #18, docs/decisions/0022): the same body posted twice, one after the other
 * or at once, writes one row and one set of mail, and both posts get the first one's answer.
 */

const PROJECT = "terra-modular-sofa";
let admin = "";

beforeEach(async () => {
	const user = await createUser({
		email: "tokens-admin@example.com",
		phone: null,
		password: "tokens-password",
		role: "admin",
		username: "tokens-admin",
	});
	admin = (await startSession(user.id)).split(";")[0] ?? "";
});

type Fields = Record<string, string | File>;

/** Each post from its own address: the rate limits are not what these tests are about. */
let address = 0;

function urlencoded(path: string, fields: Fields, cookie?: string): Request {
	return new Request(`http://localhost${path}`, {
		method: "POST",
		body: new URLSearchParams(fields as Record<string, string>),
		headers: {
			"Content-Type": "application/x-www-form-urlencoded",
			"X-Forwarded-For": `198.51.100.${(address++ % 250) + 1}`,
			...(cookie ? { Cookie: cookie } : {}),
		},
	});
}

function multipart(path: string, fields: Fields, cookie?: string): Request {
	const body = new FormData();
	for (const [name, value] of Object.entries(fields)) body.append(name, value);
	return new Request(`http://localhost${path}`, {
		method: "POST",
		body,
		headers: cookie ? { Cookie: cookie } : {},
	});
}

/** The answer as a visitor notices it: status, where it goes, the toast it shows, the data it renders. */
async function answerOf(result: unknown) {
	if (result instanceof Response) {
		const cookie = result.headers
			.getSetCookie()
			.map((header) => header.split(";")[0])
			.join("; ");
		const { toast } = await takeToast(getRequest("/", cookie));
		return { status: result.status, location: result.headers.get("Location"), toast };
	}
	const { data } = result as { data: Record<string, unknown> };
	return { status: statusOf(result), data };
}

/** The form-level messages of a refused post (Conform's reply, or the dialog's). */
function formErrorsOf(result: unknown): string[] {
	const data = (result as { data: { result?: { error?: Record<string, string[] | null> } } }).data;
	return data.result?.error?.[""] ?? [];
}

function freshTokenOf(result: unknown): string {
	return String((result as { data: { formToken?: string } }).data.formToken ?? "");
}

const count = async (table: "purchase_requests" | "users" | "projects" | "artists" | "hero_slides") =>
	Number(
		(
			await db
				.selectFrom(table)
				.select((eb) => eb.fn.countAll().as("n"))
				.executeTakeFirstOrThrow()
		).n,
	);
const outboxCount = async () =>
	Number(
		(
			await db
				.selectFrom("outbox")
				.select((eb) => eb.fn.countAll().as("n"))
				.executeTakeFirstOrThrow()
		).n,
	);

/** A counted form: where it posts, how, who may, and a body that passes validation. */
interface CountedForm {
	name: string;
	path: string;
	table: "purchase_requests" | "users" | "projects" | "artists" | "hero_slides";
	cookie: () => string | undefined;
	body: () => Promise<Fields>;
	post: (fields: Fields) => Promise<unknown>;
	/** A body the form's validation refuses, and the fix. */
	invalid: Fields;
	/** What someone else would send instead: other details, still valid. */
	another: Fields;
}

const requestPath = `/project/${PROJECT}/request`;
const png = () =>
	sharp({ create: { width: 64, height: 40, channels: 3, background: "#c66f45" } })
		.png()
		.toBuffer()
		.then((data) => new File([new Uint8Array(data)], "slide.png", { type: "image/png" }));
const noFile = () => new File([], "", { type: "application/octet-stream" });

const FORMS: CountedForm[] = [
	{
		name: "purchase request",
		path: requestPath,
		table: "purchase_requests",
		cookie: () => undefined,
		body: async () => ({ ...GIVEN_CONSENT, email: "buyer@example.com", phone: "+7 916 123-45-67" }),
		post: (fields) =>
			settle(() =>
				requestAction({ request: urlencoded(requestPath, fields), params: { id: PROJECT }, context: {} }),
			),
		invalid: { email: "not-an-address" },
		another: { email: "someone-else@example.com" },
	},
	{
		name: "registration",
		path: "/register",
		table: "users",
		cookie: () => undefined,
		body: async () => ({
			...GIVEN_CONSENT,
			email: "twice@example.com",
			phone: "+79161234567",
			password: "long-enough-pw",
		}),
		post: (fields) =>
			settle(() => registerAction({ request: urlencoded("/register", fields), params: {}, context: {} })),
		invalid: { phone: "12345" },
		another: { email: "someone-else@example.com" },
	},
	{
		name: "admin: add project",
		path: "/admin/projects/add",
		table: "projects",
		cookie: () => admin,
		// No custom id: each post would otherwise make a project of its own, under a new generated id.
		body: async () => ({ name: "Oak Stool", artistId: "corpus-studio", category: "art", price: "12500" }),
		post: (fields) =>
			settle(() =>
				addProjectAction({
					request: multipart("/admin/projects/add", fields, admin),
					params: {},
					context: {},
				}),
			),
		invalid: { name: "" },
		another: { name: "Walnut Bench" },
	},
	{
		name: "admin: add artist",
		path: "/admin/artists",
		table: "artists",
		cookie: () => admin,
		body: async () => ({
			intent: "create",
			name: "Nora Vale",
			cityEn: "Riga",
			cityRu: "Рига",
			sortOrder: "0",
			descriptionEn: "",
			descriptionRu: "",
			image: noFile(),
		}),
		post: (fields) =>
			settle(() =>
				artistsAction({ request: multipart("/admin/artists?new", fields, admin), params: {}, context: {} }),
			),
		invalid: { name: "" },
		another: { name: "Ida Brand" },
	},
	{
		name: "admin: add slide",
		path: "/admin/slider",
		table: "hero_slides",
		cookie: () => admin,
		body: async () => ({
			intent: "save",
			titleEn: "Summer objects",
			titleRu: "Летние предметы",
			subtitleEn: "New arrivals",
			subtitleRu: "Новые поступления",
			category: "design",
			isActive: "on",
			image: await png(),
		}),
		post: (fields) =>
			settle(() =>
				sliderAction({ request: multipart("/admin/slider?new", fields, admin), params: {}, context: {} }),
			),
		invalid: { titleEn: "", titleRu: "" },
		another: { titleEn: "Winter objects" },
	},
	{
		name: "admin: add user",
		path: "/admin/users",
		table: "users",
		cookie: () => admin,
		body: async () => ({
			intent: "create",
			email: "added@example.com",
			password: "long-enough-pw",
			role: "user",
		}),
		post: (fields) =>
			settle(() =>
				usersAction({ request: urlencoded("/admin/users?add", fields, admin), params: {}, context: {} }),
			),
		invalid: { email: "nope" },
		another: { email: "someone-else@example.com" },
	},
];

/** Tokens a form must refuse, and the message it shows. */
const BAD_TOKENS: Array<[string, (form: CountedForm) => Promise<string | null>, string]> = [
	["missing", async () => null, "common:formToken.invalid"],
	[
		"forged",
		async (form) => `${(await formToken(form.path, form.cookie())).slice(0, -4)}AAAA`,
		"common:formToken.invalid",
	],
	["meant for another form", async () => issueFormToken("somewhere-else"), "common:formToken.invalid"],
	[
		"expired",
		async (form) => issueFormToken(scopeOf(form), new Date(Date.now() - FORM_TOKEN_LIFETIME_MS - 1000)),
		"common:formToken.expired",
	],
];

describe.each(FORMS)("$name counts once", (form) => {
	it("the same body posted twice in sequence makes one row; the repeat gets the first answer", async () => {
		const before = await count(form.table);
		const fields = { ...(await form.body()), [FORM_TOKEN_FIELD]: await formToken(form.path, form.cookie()) };
		const first = await answerOf(await form.post(fields));
		expect(first.status).toBeLessThan(400);
		expect(await count(form.table)).toBe(before + 1);
		const mail = await outboxCount();

		const second = await answerOf(await form.post(fields));
		expect(second).toEqual(first);
		expect(await count(form.table)).toBe(before + 1);
		expect(await outboxCount()).toBe(mail);
	});

	it("the same body posted at once, three times, makes one row and one set of mail", async () => {
		const before = await count(form.table);
		const mail = await outboxCount();
		const fields = { ...(await form.body()), [FORM_TOKEN_FIELD]: await formToken(form.path, form.cookie()) };
		const answers = await Promise.all([form.post(fields), form.post(fields), form.post(fields)]);
		const [first, ...rest] = await Promise.all(answers.map(answerOf));
		expect(first?.status).toBeLessThan(400);
		for (const answer of rest) expect(answer).toEqual(first);
		expect(await count(form.table)).toBe(before + 1);
		// One post's mail, whichever the form sends (none for the admin's forms).
		const single = { ...(await form.body()), [FORM_TOKEN_FIELD]: await formToken(form.path, form.cookie()) };
		const afterBurst = await outboxCount();
		await form.post({ ...single, ...uniqueFields(form) });
		expect(afterBurst - mail).toBe((await outboxCount()) - afterBurst);
	});

	it("someone else's post with a used token is refused (403, a fresh token) and never gets the first answer", async () => {
		const token = await formToken(form.path, form.cookie());
		const first = await answerOf(await form.post({ ...(await form.body()), [FORM_TOKEN_FIELD]: token }));
		expect(first.status).toBeLessThan(400);
		const before = await count(form.table);
		const mail = await outboxCount();
		const other = { ...(await form.body()), ...form.another, [FORM_TOKEN_FIELD]: token };
		const refused = await form.post(other);
		expect(statusOf(refused)).toBe(403);
		expect(formErrorsOf(refused)).toContain("common:formToken.used");
		expect(await answerOf(refused)).not.toEqual(first);
		expect(await count(form.table)).toBe(before);
		expect(await outboxCount()).toBe(mail);
		// Sent again with the fresh token that came back, it counts as the new post it is.
		const again = await form.post({ ...other, [FORM_TOKEN_FIELD]: freshTokenOf(refused) });
		expect(statusOf(again)).toBeLessThan(400);
		expect(await count(form.table)).toBe(before + 1);
	});

	it("a post that fails validation leaves its token usable", async () => {
		const before = await count(form.table);
		const good = await form.body();
		const token = await formToken(form.path, form.cookie());
		const refused = await form.post({ ...good, ...form.invalid, [FORM_TOKEN_FIELD]: token });
		expect(statusOf(refused)).toBe(400);
		expect(await count(form.table)).toBe(before);
		const fixed = await form.post({ ...(await form.body()), [FORM_TOKEN_FIELD]: token });
		expect(statusOf(fixed)).toBeLessThan(400);
		expect(await count(form.table)).toBe(before + 1);
	});

	it.each(BAD_TOKENS)(
		"a %s token is refused with a 403 and a message, writes nothing, and comes with a fresh one",
		async (_, token, message) => {
			const before = await count(form.table);
			const mail = await outboxCount();
			const given = await token(form);
			const fields = await form.body();
			const refused = await form.post(given ? { ...fields, [FORM_TOKEN_FIELD]: given } : fields);
			expect(statusOf(refused)).toBe(403);
			expect(formErrorsOf(refused)).toContain(message);
			// What was typed comes back with the form.
			const typed = (refused as { data: { result: { initialValue: Record<string, unknown> } } }).data.result
				.initialValue;
			const firstTyped = Object.entries(fields).find(
				([name, value]) => typeof value === "string" && name !== "intent",
			);
			if (firstTyped) expect(typed[firstTyped[0]]).toBe(firstTyped[1]);
			expect(await count(form.table)).toBe(before);
			expect(await outboxCount()).toBe(mail);

			const again = await form.post({ ...(await form.body()), [FORM_TOKEN_FIELD]: freshTokenOf(refused) });
			expect(statusOf(again)).toBeLessThan(400);
			expect(await count(form.table)).toBe(before + 1);
		},
	);
});

/** The scope each form's tokens are signed for (app code names them; an expired one must be otherwise valid). */
function scopeOf(form: CountedForm): string {
	if (form.path.startsWith("/project/")) return `purchase:${PROJECT}`;
	return (
		{
			"/register": "register",
			"/admin/projects/add": "project:add",
			"/admin/artists": "artist:add",
			"/admin/slider": "slide:add",
			"/admin/users": "user:add",
		} as Record<string, string>
	)[form.path] as string;
}

/** Fields that make a second, different submission valid (a new account needs a new address). */
function uniqueFields(form: CountedForm): Fields {
	if (form.table === "users") return { email: `other-${form.path.length}@example.com` };
	if (form.table === "artists") return { name: "Another Name" };
	return {};
}

describe("purchase request specifics", () => {
	const post = (fields: Fields) =>
		settle(() =>
			requestAction({ request: urlencoded(requestPath, fields), params: { id: PROJECT }, context: {} }),
		);

	it("a token for one piece does not buy another", async () => {
		const other = "arc-lounge-chair";
		const token = await formToken(`/project/${other}/request`);
		const before = await count("purchase_requests");
		const refused = await post({
			...GIVEN_CONSENT,
			email: "b@example.com",
			phone: "+79161234567",
			[FORM_TOKEN_FIELD]: token,
		});
		expect(statusOf(refused)).toBe(403);
		expect(await count("purchase_requests")).toBe(before);
	});

	it("the dialog's repeat gets the dialog's answer, and the mail is queued once", async () => {
		const before = await outboxCount();
		const fields = {
			email: "dialog@example.com",
			...GIVEN_CONSENT,
			phone: "+79161234567",
			mode: "dialog",
			[FORM_TOKEN_FIELD]: await formToken(requestPath),
		};
		const [a, b] = await Promise.all([post(fields), post(fields)]);
		expect(await answerOf(a)).toEqual(await answerOf(b));
		expect((await answerOf(a)).data).toMatchObject({ ok: true });
		const requests = await db
			.selectFrom("purchase_requests")
			.select("id")
			.where("email", "=", "dialog@example.com")
			.execute();
		expect(requests).toHaveLength(1);
		const mail = await db
			.selectFrom("outbox")
			.select("kind")
			.where("reference", "=", `purchase_request:${requests[0]?.id}`)
			.execute();
		expect(mail.map((row) => row.kind)).toContain("purchase_confirmation");
		expect(new Set(mail.map((row) => row.kind)).size).toBe(mail.length);
		expect(await outboxCount()).toBe(before + mail.length);
	});

	it("the page's loader hands out a token that is private to the visitor", async () => {
		// Issuing a token marks the answer personal; the server then makes it private, no-store and keeps no
		// shared copy (app/server/remix-handler.ts). The route itself says nothing about it.
		const { personal, result } = await runInRequestScope(() => formToken(requestPath));
		expect(personal).toBe(true);
		expect(result).not.toBe(await formToken(requestPath));
		const { personal: projectPage } = await runInRequestScope(async () => {
			const { loader } = await import("~/routes/project.$id/route");
			return loader({ request: getRequest(`/project/${PROJECT}`), params: { id: PROJECT }, context: {} });
		});
		expect(projectPage).toBe(false);
	});
});

describe("the claim", () => {
	it("lets one of two parallel writes with the same token through; the other writes nothing", async () => {
		const token = {
			id: "parallel-claim-token-01",
			expiresAt: new Date(Date.now() + 60_000),
			post: "one post",
		};
		const claim = claimWith(token, (project: { name: string }) => ({
			redirect: "/admin/projects",
			toast: { type: "success" as const, title: project.name },
		}));
		const fields: ProjectFields = {
			name: "Twin",
			artist_id: "corpus-studio",
			category: "art",
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
		};
		const before = await count("projects");
		const results = await Promise.allSettled([
			createProject({ id: "twin-a", fields, image: null, gallery: [], claim }),
			createProject({ id: "twin-b", fields, image: null, gallery: [], claim }),
		]);
		expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
		const rejected = results.find((result) => result.status === "rejected");
		expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(FormAlreadySubmittedError);
		expect(await count("projects")).toBe(before + 1);
	});
});

describe("old tokens", () => {
	it("are refused after their lifetime, and their rows are purged", async () => {
		const fields = {
			email: "old@example.com",
			...GIVEN_CONSENT,
			phone: "+79161234567",
			[FORM_TOKEN_FIELD]: await formToken(requestPath),
		};
		const post = () =>
			settle(() =>
				requestAction({ request: urlencoded(requestPath, fields), params: { id: PROJECT }, context: {} }),
			);
		expect(statusOf(await post())).toBe(200);
		const rows = () => db.selectFrom("form_submissions").select("id").execute();
		expect(await rows()).toHaveLength(1);
		expect(await deleteExpiredFormSubmissions(new Date())).toBe(0);
		expect(await deleteExpiredFormSubmissions(new Date(Date.now() + FORM_TOKEN_LIFETIME_MS + 1000))).toBe(1);
		expect(await rows()).toHaveLength(0);
	});
});
