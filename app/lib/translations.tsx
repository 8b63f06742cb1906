import { createContext, useContext, useMemo, useSyncExternalStore } from "react";
// Not for its exports: puts small shared modules in the chunk every page loads (see the module).
import "./common-chunk";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./i18n";
import { useNonce } from "./nonce";
import { fixedT, type Texts, type TFunction } from "./translate";

/**
 * How texts reach the browser: the server renders, at the end of <body>, the page language's texts of the
 * namespaces the page uses (a JSON data block, never executed); entry.client starts a TextStore with them,
 * and later pages and the other language load what is missing from /locales/<lng>/<ns>?v=<hash>
 * (immutable). Components read texts with useTranslation, on the server and in the browser alike.
 */
export interface TranslationsPayload {
	lng: string;
	/** `<lng>/<ns>` → content hash, for every namespace the browser may load. */
	versions: Record<string, string>;
	resources: Record<string, Texts>;
}

const ELEMENT_ID = "forma-translations";

/**
 * The texts a page can read: all of them on the server; in the browser those that came with the page,
 * plus what it loaded since. Components that read texts re-render when more arrive.
 */
export class TextStore {
	readonly language: Language;
	private readonly texts = new Map<string, Texts>();
	private readonly pending = new Map<string, Promise<void>>();
	private readonly listeners = new Set<() => void>();
	private readonly versions: Record<string, string> | undefined;
	private version = 0;

	constructor(options: {
		language: Language;
		texts: Record<string, Record<string, Texts>>;
		/** Namespace texts' content hashes (browser); without them nothing is fetched (server). */
		versions?: Record<string, string>;
	}) {
		this.language = options.language;
		this.versions = options.versions;
		for (const [language, namespaces] of Object.entries(options.texts)) {
			for (const [namespace, texts] of Object.entries(namespaces))
				this.texts.set(`${language}/${namespace}`, texts);
		}
	}

	readonly get = (language: string, namespace: string): Texts | undefined =>
		this.texts.get(`${language}/${namespace}`);

	has(language: string, namespace: string): boolean {
		return this.texts.has(`${language}/${namespace}`);
	}

	/** The namespaces here in any language: what a language switch must bring in the other one. */
	namespaces(): string[] {
		return [...new Set([...this.texts.keys()].map((key) => key.slice(key.indexOf("/") + 1)))];
	}

	/** Fetches what is missing of `namespaces` in `language`; settles (never rejects) when done. */
	load(language: string, namespaces: readonly string[]): Promise<void> {
		return Promise.all(namespaces.map((namespace) => this.loadOne(language, namespace))).then(
			() => undefined,
		);
	}

	private loadOne(language: string, namespace: string): Promise<void> {
		const key = `${language}/${namespace}`;
		if (this.texts.has(key) || !this.versions) return Promise.resolve();
		let pending = this.pending.get(key);
		if (!pending) {
			pending = fetch(translationsUrl(language, namespace, this.versions[key]), { credentials: "omit" })
				.then((response) => {
					if (!response.ok) throw new Error(`${key}: HTTP ${response.status}`);
					return response.json() as Promise<Texts>;
				})
				.then(
					(texts) => {
						this.texts.set(key, texts);
						this.version += 1;
						for (const listener of this.listeners) listener();
					},
					// Keys show instead of texts; the next page asks again.
					() => undefined,
				)
				.finally(() => this.pending.delete(key));
			this.pending.set(key, pending);
		}
		return pending;
	}

	readonly subscribe = (listener: () => void): (() => void) => {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	};

	readonly snapshot = (): number => this.version;
}

const StoreContext = createContext<TextStore | null>(null);
export const TextStoreProvider = StoreContext.Provider;

/** The language the page is shown in (the root loader's), set by the root layout. */
const LanguageContext = createContext<Language | null>(null);
export const PageLanguageProvider = LanguageContext.Provider;

/**
 * `t` for the page's language, `ns:key` reaching other namespaces. A component whose namespaces have not
 * arrived yet suspends until they have (a navigation keeps the previous page on screen meanwhile); a key
 * from another namespace that is missing shows as the key and is fetched.
 */
export function useTranslation(
	namespaces?: string | readonly string[],
	options: { useSuspense?: boolean } = {},
): {
	t: TFunction;
	i18n: { language: Language };
	/** Whether the namespaces are here (false only without suspense, while they load). */
	ready: boolean;
} {
	const store = useContext(StoreContext);
	if (!store) throw new Error("useTranslation needs a TextStoreProvider");
	const language = useContext(LanguageContext) ?? store.language;
	const version = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
	const list =
		namespaces === undefined ? ["common"] : typeof namespaces === "string" ? [namespaces] : namespaces;
	const listKey = list.join(",");
	const missing = list.filter((name) => !store.has(language, name));
	const t = useMemo(() => {
		const source = (lng: string, ns: string) => {
			const texts = store.get(lng, ns);
			if (!texts) void store.load(lng, [ns]);
			return texts;
		};
		void version;
		return fixedT(source, language, listKey.split(","));
	}, [store, language, listKey, version]);
	if (missing.length) {
		const loading = store.load(language, missing);
		if (options.useSuspense !== false) throw loading;
	}
	return { t, i18n: { language }, ready: missing.length === 0 };
}

/** The payload as JSON text: from pageTranslations on the server, read back from the page in the browser. */
const PayloadContext = createContext("");
export const TranslationsProvider = PayloadContext.Provider;

/** Rendered by the root layout; the browser renders the very text it hydrates, so the markup matches. */
export function TranslationsScript() {
	const json = useContext(PayloadContext);
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
export function readTranslations(): { json: string; store: TextStore } {
	const json = document.getElementById(ELEMENT_ID)?.textContent ?? "";
	const lang = document.documentElement.lang;
	const payload: TranslationsPayload = json
		? (JSON.parse(json) as TranslationsPayload)
		: { lng: lang, versions: {}, resources: {} };
	const language = isLanguage(payload.lng) ? payload.lng : DEFAULT_LANGUAGE;
	const store = new TextStore({
		language,
		texts: { [language]: payload.resources },
		versions: payload.versions,
	});
	return { json, store };
}

/** The address of one namespace's texts; the hash makes it safe to cache for a year. */
export function translationsUrl(language: string, namespace: string, version: string | undefined): string {
	const path = `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}`;
	return version ? `${path}?v=${version}` : path;
}

/** Brings every namespace loaded so far in `language` too, before the page switches to it. */
export function useLoadLanguage(): (language: Language) => Promise<void> {
	const store = useContext(StoreContext);
	return (language) => store?.load(language, store.namespaces()) ?? Promise.resolve();
}
