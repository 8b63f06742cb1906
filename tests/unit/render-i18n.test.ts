import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nConfig } from "~/lib/i18n";
import { createRenderI18n } from "~/lib/i18n.server";
import { ALL_NAMESPACES, serverResources } from "~/locales/resources.server";

/** Every key of a namespace's texts, nested keys joined with dots (plurals under their base key). */
function keysOf(texts: unknown, prefix = ""): string[] {
	if (typeof texts !== "object" || texts === null) return [prefix];
	return Object.entries(texts).flatMap(([key, value]) =>
		keysOf(value, prefix ? `${prefix}.${key.replace(/_(one|few|many|other|zero|two)$/, "")}` : key),
	);
}

/** Interpolations and plurals that differ in a single value. */
const OPTION_SETS: Array<{ count: number } & Record<string, string | number>> = [
	{ count: 1, name: "Anna", year: 2026 },
	{ count: 3, name: "Anna", year: 2026 },
	{ count: 3, name: "Anna\u0000count\u00001", year: 2026 },
	{ count: 21, name: "Борис", year: 2025, email: "b@example.com", index: 2 },
];

/**
 * Pages render through one i18n instance per language that remembers its answers
 * (app/lib/i18n.server.ts): whatever order pages in both languages ask in, each text is the one a fresh
 * i18next gives, asked once or again, with or without interpolation.
 */
describe("the render instances", () => {
	it("answer every text as i18next does, in each language, however often asked", async () => {
		const fresh = createInstance();
		await fresh.init({ ...i18nConfig, ns: [...ALL_NAMESPACES], resources: serverResources });
		for (let round = 0; round < 2; round += 1) {
			for (const language of ["en", "ru", "en"] as const) {
				const render = await createRenderI18n(language);
				expect(await createRenderI18n(language)).toBe(render);
				for (const namespace of ALL_NAMESPACES) {
					const t = render.getFixedT(language, namespace);
					const expected = fresh.getFixedT(language, namespace);
					for (const key of new Set(keysOf(serverResources[language][namespace]))) {
						expect(t(key), `${language} ${namespace}:${key}`).toEqual(expected(key));
						for (const options of OPTION_SETS) {
							expect(t(key, options), `${language} ${namespace}:${key} ${JSON.stringify(options)}`).toEqual(
								expected(key, options),
							);
						}
					}
				}
			}
		}
	});
});
