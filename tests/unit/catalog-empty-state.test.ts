import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { CategoryProjects } from "~/components/catalog/category-projects";
import type { Language } from "~/lib/i18n";
import { plain } from "../support/plain";
import { withTexts } from "../support/with-texts";

/**
 * Every seeded site category has projects, so the e2e run never sees these states; they are rendered here.
 */
async function renderGrid(language: Language, props: Parameters<typeof CategoryProjects>[0]) {
	const html = renderToString(
		withTexts(
			language,
			createElement(StaticRouter, { location: "/art" }, createElement(CategoryProjects, props)),
		),
	);
	return plain(html.replace(/<!-- -->/g, ""));
}

const EMPTY = { page: 1, pageCount: 1, total: 0, pageSize: 24 };

describe("category grid states", () => {
	it("says so when a category has no projects, in both languages", async () => {
		const en = await renderGrid("en", { projects: [], paging: EMPTY, list: "/art" });
		expect(en).toContain("No projects found in this category.");
		expect(en).toContain('href="/shop"');
		expect(en).not.toContain("<ul");

		const ru = await renderGrid("ru", { projects: [], paging: EMPTY, list: "/art" });
		expect(ru).toContain("В этой категории пока нет проектов.");
	});

	it("shows a translated load error in an alert instead of the grid, in both languages", async () => {
		const html = await renderGrid("en", { projects: [], paging: EMPTY, list: "/art", failed: true });
		expect(html).toContain('role="alert"');
		expect(html).toContain("Error loading projects: the catalogue is unavailable right now.");
		expect(html).not.toContain("No projects found in this category.");

		const ru = await renderGrid("ru", { projects: [], paging: EMPTY, list: "/art", failed: true });
		expect(ru).toContain("Не удалось загрузить проекты: каталог сейчас недоступен.");
	});
});
