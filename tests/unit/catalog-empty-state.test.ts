import { createInstance } from "i18next";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { CategoryProjects } from "~/components/catalog/category-projects";
import { i18nConfig, type Language } from "~/lib/i18n";
import { ALL_NAMESPACES, serverResources } from "~/locales/resources.server";

/**
 * Every seeded site category has projects, so the e2e run never sees these states; they are rendered here.
 */
async function renderGrid(language: Language, props: Parameters<typeof CategoryProjects>[0]) {
	const i18n = createInstance();
	await i18n.use(initReactI18next).init({
		...i18nConfig,
		ns: [...ALL_NAMESPACES],
		resources: serverResources,
		lng: language,
	});
	const html = renderToString(
		createElement(
			I18nextProvider,
			{ i18n },
			createElement(StaticRouter, { location: "/art" }, createElement(CategoryProjects, props)),
		),
	);
	return html.replace(/<!-- -->/g, "");
}

describe("category grid states", () => {
	it("says so when a category has no projects, in both languages", async () => {
		const en = await renderGrid("en", { projects: [] });
		expect(en).toContain("No projects found in this category.");
		expect(en).toContain('href="/shop"');
		expect(en).not.toContain("<ul");

		const ru = await renderGrid("ru", { projects: [] });
		expect(ru).toContain("В этой категории пока нет проектов.");
	});

	it("shows a load error in an alert instead of the grid", async () => {
		const html = await renderGrid("en", { projects: [], error: "database is locked" });
		expect(html).toContain('role="alert"');
		expect(html).toContain("Error loading projects: database is locked");
		expect(html).not.toContain("No projects found in this category.");
	});
});
