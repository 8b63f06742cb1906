import type { BackendModule, i18n, ReadCallback } from "i18next";
import { createContext, useContext } from "react";
import { useNonce } from "./nonce";

/**
 * How texts reach the browser: the server renders, at the end of <body>, the page language's texts of the
 * namespaces the page uses (a JSON data block, never executed); entry.client starts i18next with them, and
 * later pages and the other language load what is missing from /locales/<lng>/<ns>?v=<hash> (immutable).
 */
export interface TranslationsPayload {
	lng: string;
	/** `<lng>/<ns>` → content hash, for every namespace the browser may load. */
	versions: Record<string, string>;
	resources: Record<string, Record<string, unknown>>;
}

const ELEMENT_ID = "forma-translations";

/** The payload as JSON text: from pageTranslations on the server, read back from the page in the browser. */
const TranslationsContext = createContext("");
export const TranslationsProvider = TranslationsContext.Provider;

/** Rendered by the root layout; the browser renders the very text it hydrates, so the markup matches. */
export function TranslationsScript() {
	const json = useContext(TranslationsContext);
	const nonce = useNonce();
	return (
		<script
			id={ELEMENT_ID}
			type="application/json"
			nonce={nonce || undefined}
			suppressHydrationWarning
			// biome-ignore lint/security/noDangerouslySetInnerHtml: server-made JSON with `<` escaped (pageTranslations)
			dangerouslySetInnerHTML={{ __html: json }}
		/>
	);
}

/** The payload the server put in the page (an empty one if it is missing: texts then load on demand). */
export function readTranslations(fallbackLanguage: string): { json: string; payload: TranslationsPayload } {
	const json = document.getElementById(ELEMENT_ID)?.textContent ?? "";
	if (json) return { json, payload: JSON.parse(json) as TranslationsPayload };
	return { json, payload: { lng: fallbackLanguage, versions: {}, resources: {} } };
}

/** The address of one namespace's texts; the hash makes it safe to cache for a year. */
export function translationsUrl(language: string, namespace: string, version: string | undefined): string {
	const path = `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}`;
	return version ? `${path}?v=${version}` : path;
}

/** An i18next backend that fetches the namespaces a page or language switch needs and has not got. */
export function translationsBackend(versions: Record<string, string>): BackendModule {
	return {
		type: "backend",
		init() {},
		read(language: string, namespace: string, callback: ReadCallback) {
			fetch(translationsUrl(language, namespace, versions[`${language}/${namespace}`]), {
				credentials: "omit",
			})
				.then((response) => {
					if (!response.ok) throw new Error(`${language}/${namespace}: HTTP ${response.status}`);
					return response.json();
				})
				.then(
					(texts) => callback(null, texts),
					(error: Error) => callback(error, false),
				);
		},
	};
}

/**
 * Loads, in `language`, every namespace loaded so far (i18next adds each one to options.ns), skipping
 * those already here. i18next's own loadLanguages does this only the first time a language is asked for.
 */
export function loadLanguage(i18n: i18n, language: string): Promise<void> {
	const namespaces = ([] as string[]).concat(i18n.options.ns ?? []);
	return new Promise((resolve) => {
		i18n.services.backendConnector.load([language], namespaces, () => resolve());
	});
}
