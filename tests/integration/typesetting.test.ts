import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { updateSettings } from "~/models/settings.server";
import { action as requestAction } from "~/routes/project.$id_.request";
import { GIVEN_CONSENT } from "../support/consent";
import { countedFormRequest } from "../support/form-tokens";
import { plain } from "../support/plain";
import { renderPage, visibleText } from "../support/render-page";
import { settle, statusOf } from "../support/requests";

/**
 * Russian typesetting reaches every text a page shows, the database's as well as the locales': no short
 * word is left at a line's end with a plain space after it. The pages are rendered whole by Remix (header,
 * footer, the home slider's per-letter markup), and what an administrator can write on them is written
 * first, full of short words: a piece's name, description, materials and dimensions, its artist's name,
 * description and city, the slides' titles and subtitles.
 */
const SHORT_WORDS = "в|к|с|о|у|и|а|я|на|по|не|но|за|из|от|до|об|во|со|ко";
const HANGING = new RegExp(`(?<![\\p{L}\\p{N}])(?:${SHORT_WORDS}) (?=\\S)`, "giu");

/** Each short word followed by a plain space, with the words around it, so a failure says where. */
function hangingWords(text: string): string[] {
	const flat = text.replace(/[\t\r\n ]+/g, " ");
	return [...flat.matchAll(HANGING)].map((match) =>
		flat.slice(Math.max(0, match.index - 25), match.index + 30).trim(),
	);
}

const WRITTEN = {
	projectName: "Кресло у окна и в саду",
	projectDescription: "Кресло из дуба на гнутых ножках: в нём удобно и с книгой, и за разговором.",
	materials: "Дуб и лён, а не пластик",
	dimensions: "от 70 до 80 × 60",
	artistName: "Мастерская на Полянке",
	artistDescription: "Мы работаем с деревом и с тканью, а о каждой вещи знаем всё: от эскиза до упаковки.",
	city: "Ступино у Оки",
	slideTitle: "Вещи с историей и с характером",
	slideSubtitle: "Кресла, столы и лампы, которые делают в небольших студиях по всей стране.",
};

beforeEach(async () => {
	await db
		.updateTable("projects")
		.set({
			name: WRITTEN.projectName,
			description_ru: WRITTEN.projectDescription,
			materials_ru: WRITTEN.materials,
			dimensions: WRITTEN.dimensions,
		})
		.where("id", "=", "arc-lounge-chair")
		.execute();
	await db
		.updateTable("artists")
		.set({ name: WRITTEN.artistName, description_ru: WRITTEN.artistDescription, city_ru: WRITTEN.city })
		.where("id", "=", "corpus-studio")
		.execute();
	// Every active slide, so both the first one (revealed letter by letter) and the others (plain words) say it.
	await db
		.updateTable("hero_slides")
		.set({ title_ru: WRITTEN.slideTitle, subtitle_ru: WRITTEN.slideSubtitle })
		.execute();
});

describe("Russian pages leave no short word hanging", () => {
	it.each([
		["the home page", "/?lng=ru", ["projectName", "artistName", "slideTitle", "slideSubtitle"]],
		[
			"a project page",
			"/project/arc-lounge-chair?lng=ru",
			["projectName", "projectDescription", "materials", "dimensions", "artistName"],
		],
		["an artist page", "/artist/corpus-studio?lng=ru", ["artistName", "artistDescription", "projectName"]],
		["/about", "/about?lng=ru", []],
		["/contact", "/contact?lng=ru", []],
	] as const)("%s", async (_, path, shown) => {
		const page = await renderPage(path);
		expect(page.status).toBe(200);
		const text = visibleText(page.html);
		expect(text).toContain("ФОРМА");
		// What was written is on the page (typeset: compared without its no-break spaces).
		for (const field of shown) expect(plain(text), field).toContain(WRITTEN[field]);
		expect(hangingWords(text)).toEqual([]);
	});
});

describe("Russian mail leaves no short word hanging", () => {
	it("a buyer's confirmation sets the piece's and the shop's names with their no-break spaces", async () => {
		await updateSettings({ shopName: "Магазин на Полянке" });
		const request = await countedFormRequest(
			"/project/arc-lounge-chair/request?lng=ru",
			{ ...GIVEN_CONSENT, email: "buyer@example.com", phone: "+79161234567" },
			{ headers: { "X-Forwarded-For": "198.19.1.1" } },
		);
		const response = await settle(() =>
			requestAction({ request, params: { id: "arc-lounge-chair" }, context: {} }),
		);
		expect(statusOf(response)).toBe(200);
		const mail = await db
			.selectFrom("outbox")
			.selectAll()
			.where("to_address", "=", "buyer@example.com")
			.executeTakeFirstOrThrow();
		expect(mail.language).toBe("ru");
		expect(plain(mail.text_body)).toContain(`«${WRITTEN.projectName}»`);
		expect(plain(mail.text_body)).toContain("Магазин на Полянке");
		expect(hangingWords(mail.text_body)).toEqual([]);
		expect(hangingWords(visibleText(mail.html_body))).toEqual([]);
		// The sender's name is a mail header: as written.
		expect(mail.from_name).toBe("Магазин на Полянке");
	});
});
