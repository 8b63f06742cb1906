import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { listActiveSlides } from "~/models/slides.server";
import { createUser } from "~/models/users.server";
import { loader as homeLoader } from "~/routes/_index/route";
import { action as sliderAction, loader as sliderLoader } from "~/routes/admin.slider/route";
import { startSession } from "~/services/auth.server";
import { withFormTokenIn } from "../support/form-tokens";
import { plain } from "../support/plain";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";
import { withVersionIn } from "../support/versions";

let admin = "";
let png: Buffer;

beforeEach(async () => {
	const user = await createUser({
		email: "slider-admin@example.com",
		phone: null,
		password: "slider-password",
		role: "admin",
		username: "slider-admin",
	});
	admin = (await startSession(user.id)).split(";")[0] ?? "";
	png = await sharp({ create: { width: 64, height: 40, channels: 3, background: "#c66f45" } })
		.png()
		.toBuffer();
});

const TEXT = {
	titleEn: "  Summer objects ",
	titleRu: " Летние предметы ",
	subtitleEn: "New arrivals",
	subtitleRu: "Новые поступления",
	category: "design",
	isActive: "on",
};

/** A multipart post, as the add/edit form sends it. */
function multipart(fields: Record<string, string>, file: Buffer | null, cookie = admin, query = "?new") {
	const body = new FormData();
	for (const [name, value] of Object.entries(fields)) body.set(name, value);
	body.set(
		"image",
		file
			? new File([new Uint8Array(file)], "slide.png", { type: "image/png" })
			: new File([], "", { type: "application/octet-stream" }),
	);
	return new Request(`http://localhost/admin/slider${query}`, {
		method: "POST",
		body,
		headers: { Cookie: cookie },
	});
}

/** Posts as the browser does: the add form (a save without an id) goes with its page's one-time token. */
const run = async (request: Request) => {
	const form = await request.clone().formData();
	const adding = form.get("intent") === "save" && !form.get("id");
	// Edits and deletes carry the version the page showed (docs/decisions/0023): the stored one.
	const sent = adding ? await withFormTokenIn(request) : await withVersionIn(request, "hero_slides");
	return settle(() => sliderAction({ request: sent, params: {}, context: {} }));
};
const post = (fields: Record<string, string>, cookie = admin) =>
	run(formRequest("/admin/slider", fields, { cookie }));
const slides = () => db.selectFrom("hero_slides").selectAll().orderBy("sort_order").execute();
const uploadsDir = () => process.env.UPLOADS_DIR ?? "";

async function homeSlideTitles(lng = "en"): Promise<string[]> {
	const home = (await homeLoader({ request: getRequest(`/?lng=${lng}`), params: {}, context: {} })) as {
		slides: { title: string }[];
	};
	// As a visitor reads them: the home page typesets titles (plain.ts).
	return home.slides.map((slide) => plain(slide.title));
}

async function createViaForm(title: string) {
	const response = (await run(multipart({ intent: "save", ...TEXT, titleEn: title }, png))) as Response;
	expect(response.status).toBe(302);
	const row = await db
		.selectFrom("hero_slides")
		.selectAll()
		.where("title_en", "=", title)
		.executeTakeFirstOrThrow();
	return row;
}

describe("admin slider", () => {
	it("lists every slide in order for admins only, no-store", async () => {
		const view = (await sliderLoader({
			request: getRequest("/admin/slider", admin),
			params: {},
			context: {},
		})) as unknown as {
			data: { slides: { order: number }[] };
			init: ResponseInit;
		};
		expect(view.data.slides.map((slide) => slide.order)).toEqual([1, 2, 3]);
		expect(new Headers(view.init.headers).get("Cache-Control")).toBe("no-store");
		const anonymous = await settle(() =>
			sliderLoader({ request: getRequest("/admin/slider"), params: {}, context: {} }),
		);
		expect((anonymous as Response).status).toBe(302);
	});

	it("creates a slide last (sort_order = count + 1) with trimmed texts and a stored image; home shows it", async () => {
		const before = await slides();
		const response = (await run(multipart({ intent: "save", ...TEXT }, png))) as Response;
		expect(response.status).toBe(302);
		expect(response.headers.get("Location")).toBe("/admin/slider");
		expect(response.headers.getSetCookie().join()).toContain("forma_toast=");
		const created = (await slides()).at(-1);
		expect(created).toMatchObject({
			title_en: "Summer objects",
			title_ru: "Летние предметы",
			subtitle_en: "New arrivals",
			category: "design",
			is_active: 1,
			sort_order: before.length + 1,
			image_width: 64,
			image_height: 40,
		});
		expect(created?.image_url).toMatch(/^slides\//);
		expect(fs.existsSync(path.join(uploadsDir(), created?.image_url ?? "missing"))).toBe(true);
		expect(await homeSlideTitles()).toContain("Summer objects");
		expect(await homeSlideTitles("ru")).toContain("Летние предметы");
	});

	it("refuses missing texts and a new slide without an image, with the spec's messages; saves nothing", async () => {
		const before = (await slides()).length;
		const blank = await run(multipart({ intent: "save", ...TEXT, titleRu: "   ", subtitleEn: "" }, png));
		expect(statusOf(blank)).toBe(400);
		expect(JSON.stringify(blank)).toContain("admin:slider.errors.required");
		expect(JSON.stringify(blank)).toContain("validation.required");
		// What was typed comes back.
		expect(JSON.stringify(blank)).toContain("Summer objects");
		const noImage = await run(multipart({ intent: "save", ...TEXT }, null));
		expect(statusOf(noImage)).toBe(400);
		expect(JSON.stringify(noImage)).toContain("admin:slider.errors.imageRequired");
		const notAnImage = await run(
			multipart({ intent: "save", ...TEXT }, Buffer.from("definitely not a picture")),
		);
		expect(statusOf(notAnImage)).toBe(400);
		expect(JSON.stringify(notAnImage)).toContain("images.notImage");
		const badCategory = await run(multipart({ intent: "save", ...TEXT, category: "branding" }, png));
		expect(statusOf(badCategory)).toBe(400);
		expect((await slides()).length).toBe(before);
	});

	it("refuses a title over 80 characters in either language with its message, keeping what was typed", async () => {
		const before = (await slides()).length;
		const long = "Handmade ceramics, woven textiles and oak furniture for quiet homes in the old city";
		expect(Array.from(long).length).toBe(83);
		for (const field of ["titleEn", "titleRu"]) {
			const refused = await run(multipart({ intent: "save", ...TEXT, [field]: long }, png));
			expect(statusOf(refused)).toBe(400);
			expect(JSON.stringify(refused)).toContain("admin:slider.errors.titleTooLong");
			expect(JSON.stringify(refused)).toContain(long);
		}
		// Eighty is allowed.
		const eighty = long.slice(0, 80);
		const saved = (await run(multipart({ intent: "save", ...TEXT, titleEn: eighty }, png))) as Response;
		expect(saved.status).toBe(302);
		expect((await slides()).length).toBe(before + 1);
	});

	it("edits texts and keeps the order; a new image replaces the old one, whose files go", async () => {
		const slide = await createViaForm("Edit me");
		const keepImage = (await run(
			multipart(
				{ intent: "save", id: String(slide.id), ...TEXT, titleEn: "Edited title", category: "art" },
				null,
				admin,
				`?edit=${slide.id}`,
			),
		)) as Response;
		expect(keepImage.status).toBe(302);
		const edited = await db
			.selectFrom("hero_slides")
			.selectAll()
			.where("id", "=", slide.id)
			.executeTakeFirstOrThrow();
		expect(edited).toMatchObject({
			title_en: "Edited title",
			category: "art",
			sort_order: slide.sort_order,
			image_url: slide.image_url,
		});
		expect(await homeSlideTitles()).toContain("Edited title");

		const other = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#2e4aa0" } })
			.png()
			.toBuffer();
		await run(
			multipart(
				{ intent: "save", id: String(slide.id), ...TEXT, titleEn: "Edited title" },
				other,
				admin,
				`?edit=${slide.id}`,
			),
		);
		const replaced = await db
			.selectFrom("hero_slides")
			.selectAll()
			.where("id", "=", slide.id)
			.executeTakeFirstOrThrow();
		expect(replaced.image_url).not.toBe(slide.image_url);
		expect(replaced.sort_order).toBe(slide.sort_order);
		// The first image was this slide's alone (the earlier test's slide shares it, so compare by use).
		const stillUsed = await db
			.selectFrom("hero_slides")
			.select("id")
			.where("image_url", "=", slide.image_url)
			.execute();
		expect(fs.existsSync(path.join(uploadsDir(), slide.image_url))).toBe(stillUsed.length > 0);
	});

	it("the active switch saves at once and the home slider follows", async () => {
		const slide = await createViaForm("Toggle me");
		expect(await homeSlideTitles()).toContain("Toggle me");
		const off = await post({ intent: "toggle", id: String(slide.id), active: "0" });
		expect(statusOf(off)).toBe(200);
		expect(await homeSlideTitles()).not.toContain("Toggle me");
		expect((await listActiveSlides()).some((row) => row.id === slide.id)).toBe(false);
		// Without JavaScript: a redirect back to the list.
		const on = (await post({
			intent: "toggle",
			id: String(slide.id),
			active: "1",
			redirect: "1",
		})) as Response;
		expect(on.status).toBe(302);
		expect(on.headers.get("Location")).toBe("/admin/slider");
		expect(await homeSlideTitles()).toContain("Toggle me");
		expect(statusOf(await post({ intent: "toggle", id: "999999", active: "1" }))).toBe(404);
	});

	it("moves a slide up and down by swapping with its neighbour; the ends stay put", async () => {
		const ordered = await slides();
		const [first, second] = ordered;
		if (!first || !second) throw new Error("seed slides missing");
		expect(statusOf(await post({ intent: "move", id: String(second.id), direction: "up" }))).toBe(200);
		let now = await slides();
		expect(now.slice(0, 2).map((slide) => slide.id)).toEqual([second.id, first.id]);
		expect(now.map((slide) => slide.sort_order)).toEqual(ordered.map((_, index) => index + 1));
		// Already first: nothing changes.
		await post({ intent: "move", id: String(second.id), direction: "up" });
		expect((await slides()).map((slide) => slide.id)).toEqual(now.map((slide) => slide.id));
		await post({ intent: "move", id: String(second.id), direction: "down" });
		now = await slides();
		expect(now.map((slide) => slide.id)).toEqual(ordered.map((slide) => slide.id));
		const last = now.at(-1);
		await post({ intent: "move", id: String(last?.id), direction: "down" });
		expect((await slides()).map((slide) => slide.id)).toEqual(now.map((slide) => slide.id));
		// The home page follows the order.
		const home = await homeSlideTitles();
		const active = now.filter((slide) => slide.is_active === 1).map((slide) => slide.title_en);
		expect(home).toEqual(active);
	});

	it("deletes a slide, closes the gap in the order, removes its unused image and the home slider follows", async () => {
		const unique = await sharp({ create: { width: 30, height: 70, channels: 3, background: "#1f7150" } })
			.png()
			.toBuffer();
		const response = (await run(
			multipart({ intent: "save", ...TEXT, titleEn: "Delete me" }, unique),
		)) as Response;
		expect(response.status).toBe(302);
		const slide = await db
			.selectFrom("hero_slides")
			.selectAll()
			.where("title_en", "=", "Delete me")
			.executeTakeFirstOrThrow();
		const imageFile = path.join(uploadsDir(), slide.image_url);
		expect(fs.existsSync(imageFile)).toBe(true);
		// Move it to the top so the delete has a gap to close.
		for (let step = 0; step < 10; step++)
			await post({ intent: "move", id: String(slide.id), direction: "up" });
		expect((await slides())[0]?.id).toBe(slide.id);

		const deleted = (await post({ intent: "delete", id: String(slide.id) })) as Response;
		expect(deleted.status).toBe(302);
		expect(deleted.headers.get("Location")).toBe("/admin/slider");
		expect(deleted.headers.getSetCookie().join()).toContain("forma_toast=");
		const rest = await slides();
		expect(rest.some((row) => row.id === slide.id)).toBe(false);
		expect(rest.map((row) => row.sort_order)).toEqual(rest.map((_, index) => index + 1));
		expect(fs.existsSync(imageFile)).toBe(false);
		expect(await homeSlideTitles()).not.toContain("Delete me");
		expect(statusOf(await post({ intent: "delete", id: String(slide.id) }))).toBe(404);
	});

	it("changes nothing for anonymous visitors or plain users", async () => {
		const user = await createUser({
			email: "plain-slider@example.com",
			phone: null,
			password: "plain-password",
		});
		const cookie = (await startSession(user.id)).split(";")[0] ?? "";
		const before = await slides();
		const target = before[0];
		for (const who of ["", cookie]) {
			const result = (await post({ intent: "delete", id: String(target?.id) }, who)) as Response;
			expect(result.status).toBe(302);
			const created = (await run(
				multipart({ intent: "save", ...TEXT, titleEn: "Sneaky" }, png, who),
			)) as Response;
			expect(created.status).toBe(302);
		}
		expect(await slides()).toEqual(before);
	});
});
