import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { createUser } from "~/models/users.server";
import { loader } from "~/routes/project.$id/route";
import { startSession } from "~/services/auth.server";
import { getRequest, settle } from "../support/requests";

type ProjectPageData = Awaited<ReturnType<typeof loader>>;

async function load(id: string, cookie?: string) {
	return settle(() => loader({ request: getRequest(`/project/${id}`, cookie), params: { id }, context: {} }));
}

async function cookieFor(role: "admin" | "user"): Promise<string> {
	const user = await createUser({
		email: `${role}@example.com`,
		phone: null,
		password: "long-enough-pw",
		username: `${role}-reader`,
	});
	await db.updateTable("users").set({ role }).where("id", "=", user.id).execute();
	return (await startSession(user.id)).split(";")[0] ?? "";
}

describe("the project page", () => {
	it("a draft is not found for the public and signed-in users, and previewed by administrators", async () => {
		await db.updateTable("projects").set({ status: "draft" }).where("id", "=", "tidal-relief").execute();
		// Not found is the spec's redirect to /not-found (which answers 404).
		const notFound = (result: unknown) => result instanceof Response && result.headers.get("Location");
		expect(notFound(await load("tidal-relief"))).toBe("/not-found");
		expect(notFound(await load("tidal-relief", await cookieFor("user")))).toBe("/not-found");
		const preview = (await load("tidal-relief", await cookieFor("admin"))) as ProjectPageData;
		expect(preview.project.status).toBe("draft");
	});

	it("without a main image the first gallery view is the cover, shown once", async () => {
		const [first, second] = await db
			.selectFrom("projects")
			.select(["image", "image_width", "image_height"])
			.where("image", "is not", null)
			.limit(2)
			.execute();
		await db.deleteFrom("project_images").where("project_id", "=", "loop-bench").execute();
		await db.updateTable("projects").set({ image: null }).where("id", "=", "loop-bench").execute();
		await db
			.insertInto("project_images")
			.values([
				{
					project_id: "loop-bench",
					image_url: first?.image ?? "",
					alt_text: "Front",
					alt_text_ru: "Спереди",
					sort_order: 1,
				},
				{
					project_id: "loop-bench",
					image_url: second?.image ?? "",
					alt_text: "Side",
					alt_text_ru: "",
					sort_order: 2,
				},
			])
			.execute();
		const page = (await load("loop-bench")) as ProjectPageData;
		expect(page.project.image?.key).toBe(first?.image);
		expect(page.gallery.map((picture) => [picture.image?.key, picture.alt])).toEqual([
			[first?.image, "Front"],
			[second?.image, "Side"],
		]);
	});

	it("keeps only the facts that are set, and the other works of the artist without this one", async () => {
		const page = (await load("tidal-relief")) as ProjectPageData;
		expect(page.facts).toMatchObject({ dimensions: "60 × 60", year: 2024, editionSize: 12 });
		expect(page.moreFromArtist.map((project) => project.id)).not.toContain("tidal-relief");
		expect(page.moreFromArtist.length).toBeLessThanOrEqual(4);
		expect(
			page.related.every((project) => project.category === "art" && project.artistId !== "carmworks"),
		).toBe(true);
	});
});
