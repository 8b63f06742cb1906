import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nConfig } from "~/lib/i18n";
import { type Texts, translate } from "~/lib/translate";
import { ALL_NAMESPACES, serverResources } from "~/locales/resources.server";

/** Every key of a namespace's texts, nested keys joined with dots (plurals under their base key). */
function keysOf(texts: unknown, prefix = ""): string[] {
	if (typeof texts !== "object" || texts === null || Array.isArray(texts)) return [prefix];
	return Object.entries(texts).flatMap(([key, value]) =>
		keysOf(value, prefix ? `${prefix}.${key.replace(/_(one|few|many|other|zero|two)$/, "")}` : key),
	);
}

/** Interpolations and plurals that differ in a single value, and a missing value. */
const OPTION_SETS: Array<Record<string, string | number | boolean>> = [
	{},
	{ count: 0, name: "Anna", year: 2026 },
	{ count: 1, name: "Anna", year: 2026 },
	{ count: 3, name: "Anna", year: 2026 },
	{ count: 5, title: "Chair" },
	{ count: 21, name: "Борис", year: 2025, email: "b@example.com", index: 2 },
	{ count: 1.5, name: "x" },
	{ returnObjects: true, count: 2, name: "Anna" },
	{ defaultValue: "fallback {{name}}", name: "Anna" },
];

const source = (language: string, namespace: string) =>
	(serverResources as Record<string, Record<string, Texts>>)[language]?.[namespace];

/**
 * Pages translate with our own small lookup (app/lib/translate.ts) on the server and in the browser;
 * loaders and e-mails use i18next. Both must give every text the same way, or a page would say one thing
 * in its HTML and another after hydration, and differ from its e-mails.
 */
describe("translate", () => {
	it("answers every text in every namespace and language exactly as i18next does", async () => {
		const i18next = createInstance();
		await i18next.init({ ...i18nConfig, ns: [...ALL_NAMESPACES], resources: serverResources });
		let checked = 0;
		for (const language of ["en", "ru"] as const) {
			for (const namespace of ALL_NAMESPACES) {
				const expected = i18next.getFixedT(language, namespace);
				const keys = new Set(keysOf(serverResources[language][namespace]));
				keys.add("no.such.key");
				for (const key of keys) {
					for (const options of OPTION_SETS) {
						const label = `${language} ${namespace}:${key} ${JSON.stringify(options)}`;
						const answer = expected(key, options);
						// A list read without returnObjects is a mistake i18next reports in its answer; pages never do it.
						if (!options.returnObjects && String(answer).endsWith("returned an object instead of string."))
							continue;
						expect(translate(source, language, namespace, key, options), label).toEqual(answer);
						// The same text through another namespace's `t`, as toasts and form errors ask.
						expect(translate(source, language, "common", `${namespace}:${key}`, options), label).toEqual(
							i18next.t(`${namespace}:${key}`, { ...options, lng: language }),
						);
						// …and through the `ns` option, and a `t` of several namespaces, as i18next looks in each in turn.
						const other = namespace === "common" ? "admin" : "common";
						expect(translate(source, language, other, key, { ...options, ns: namespace }), label).toEqual(
							i18next.getFixedT(language, other)(key, { ...options, ns: namespace }),
						);
						expect(translate(source, language, [other, namespace], key, options), label).toEqual(
							i18next.getFixedT(language, [other, namespace])(key, options),
						);
						checked += 4;
					}
				}
			}
		}
		expect(checked).toBeGreaterThan(5000);
	});
});
