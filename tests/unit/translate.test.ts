import { isDeepStrictEqual } from "node:util";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nConfig } from "~/lib/i18n";
import { ALL_NAMESPACES, serverResources } from "~/lib/locale-resources.server";
import { type Texts, translate } from "~/lib/translate";

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

/**
 * The ways of reaching a text from another namespace (below) depend on how a key is looked up, not on the
 * values: three option sets cover them (a plain text, a plural with values, a list), at a third of the cost.
 */
const LOOKUP_OPTION_SETS = new Set([OPTION_SETS[0], OPTION_SETS[2], OPTION_SETS[7]]);

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
		// Differences are collected and compared once: an expect() per answer made this test take 20 s.
		const differences: Array<{ label: string; ours: unknown; i18next: unknown }> = [];
		let checked = 0;
		const compare = (label: string, ours: unknown, theirs: unknown) => {
			checked += 1;
			if (!isDeepStrictEqual(ours, theirs)) differences.push({ label, ours, i18next: theirs });
		};
		for (const language of ["en", "ru"] as const) {
			for (const namespace of ALL_NAMESPACES) {
				const expected = i18next.getFixedT(language, namespace);
				const other = namespace === "common" ? "admin" : "common";
				const throughOther = i18next.getFixedT(language, other);
				const throughBoth = i18next.getFixedT(language, [other, namespace]);
				const keys = new Set(keysOf(serverResources[language][namespace]));
				keys.add("no.such.key");
				for (const key of keys) {
					for (const options of OPTION_SETS) {
						const label = `${language} ${namespace}:${key} ${JSON.stringify(options)}`;
						const answer = expected(key, options);
						// A list read without returnObjects is a mistake i18next reports in its answer; pages never do it.
						if (!options.returnObjects && String(answer).endsWith("returned an object instead of string."))
							continue;
						compare(label, translate(source, language, namespace, key, options), answer);
						if (!LOOKUP_OPTION_SETS.has(options)) continue;
						// The same text through another namespace's `t`, as toasts and form errors ask.
						compare(
							`${label} as ${namespace}:${key}`,
							translate(source, language, "common", `${namespace}:${key}`, options),
							i18next.t(`${namespace}:${key}`, { ...options, lng: language }),
						);
						// …and through the `ns` option, and a `t` of several namespaces, as i18next looks in each in turn.
						compare(
							`${label} with ns`,
							translate(source, language, other, key, { ...options, ns: namespace }),
							throughOther(key, { ...options, ns: namespace }),
						);
						compare(
							`${label} through [${other}, ${namespace}]`,
							translate(source, language, [other, namespace], key, options),
							throughBoth(key, options),
						);
					}
				}
			}
		}
		expect(differences.slice(0, 20)).toEqual([]);
		expect(checked).toBeGreaterThan(3000);
	});
});
