/**
 * Which stored images are a draft's only (docs/decisions/0025): served to administrators alone, so a
 * piece sent back to draft takes its pictures with it — unless something public shows the same picture
 * (keys are content hashes, so rows can share one).
 */
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { variantKey } from "~/lib/images";
import { listDraftOnlyImageKeys } from "~/models/image-references.server";
import { draftOnlyImages } from "~/services/draft-images.server";

const PIECE = "block-cabinet";

async function imagesOf(id: string): Promise<string[]> {
	const cover = await db
		.selectFrom("projects")
		.select("image")
		.where("id", "=", id)
		.executeTakeFirstOrThrow();
	const gallery = await db
		.selectFrom("project_images")
		.select("image_url")
		.where("project_id", "=", id)
		.execute();
	return [cover.image, ...gallery.map((row) => row.image_url)].flatMap((key) => (key ? [key] : []));
}

describe("a draft's images", () => {
	it("are none while every piece is published", async () => {
		await db.updateTable("projects").set({ status: "published" }).execute();
		expect(await listDraftOnlyImageKeys()).toEqual([]);
	});

	it("are its cover and gallery pictures once it is a draft, with their width variants", async () => {
		const keys = await imagesOf(PIECE);
		expect(keys.length).toBeGreaterThan(0);
		await db.updateTable("projects").set({ status: "draft" }).where("id", "=", PIECE).execute();
		expect((await listDraftOnlyImageKeys()).sort()).toEqual([...new Set(keys)].sort());
		let version = 1;
		const isDraftOnly = draftOnlyImages(() => version);
		const [key = ""] = keys;
		expect(await isDraftOnly(key)).toBe(true);
		expect(await isDraftOnly(variantKey(key, 400))).toBe(true);
		// Published again: read anew once the content version moves.
		await db.updateTable("projects").set({ status: "published" }).where("id", "=", PIECE).execute();
		expect(await isDraftOnly(key)).toBe(true);
		version = 2;
		expect(await isDraftOnly(key)).toBe(false);
	});

	it("leave out a picture something public shows too", async () => {
		const [key = ""] = await imagesOf(PIECE);
		await db.updateTable("projects").set({ status: "draft" }).where("id", "=", PIECE).execute();
		await db.updateTable("artists").set({ image: key }).where("id", "=", "owl").execute();
		expect(await listDraftOnlyImageKeys()).not.toContain(key);
	});
});
