import { randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import { DEFAULT_LANGUAGE, isLanguage, SUPPORTED_LANGUAGES } from "./i18n";
import { DEFAULT_THEME, THEMES } from "./theme";

/**
 * An in-memory cache of rendered pages for anonymous visitors (docs/decisions/0005). Every visitor without a
 * session sees the same page for the same URL, language and theme, so the server renders it once and serves
 * the copy until the database changes. Each copy gets a fresh CSP nonce on the way out, so a cached page is
 * as strict as a freshly rendered one.
 */

/** Paths that are always personal, private, or files served elsewhere. */
const UNCACHED_PREFIXES = ["/admin", "/account", "/login", "/register", "/logout", "/resources"];
const CACHEABLE_STATUSES = new Set([200, 404]);
const CACHEABLE_TYPES = [/^text\/html\b/i, /^text\/x-script\b/i];

/**
 * The header through which the app says which language and theme it rendered a page in (the root loader
 * sets it). The server compares it with the variant it keyed the copy on and strips it before sending.
 */
export const VARIANT_HEADER = "X-Forma-Variant";

/** The language and theme a page is rendered in, as the root loader reports them: "ru dark". */
export function formatVariant(language: string, theme: string): string {
	return `${language} ${theme}`;
}

/**
 * The values a page cookie may hold, by the exact text a browser sends back for them. The cookies are
 * made with createCookie (app/lib/cookies.server.ts): base64 of the JSON string, URL-encoded. Browsers
 * return what we set, so any other spelling ("RU", a quoted value, padding left out) was written by hand
 * and is not worth a copy; such requests skip the cache, and the app decides alone.
 */
function encodings<T extends string>(values: readonly T[]): Map<string, T> {
	const byText = new Map<string, T>();
	for (const value of values) {
		const base64 = Buffer.from(JSON.stringify(value)).toString("base64");
		byText.set(base64, value);
		byText.set(encodeURIComponent(base64), value);
	}
	return byText;
}
const PAGE_COOKIES = new Map<string, Map<string, string>>([
	["lng", encodings(SUPPORTED_LANGUAGES)],
	["theme", encodings(THEMES)],
]);

interface RequestShape {
	method: string;
	url: string;
	cookieHeader: string | undefined;
}

export interface PageCacheSlot {
	/** What a copy is stored under: the URL and the variant. */
	key: string;
	/** The language and theme the app must report for the copy to be stored ("en light"). */
	variant: string;
}

/**
 * The page cookies of a request, decoded, or null when the request must not share a copy: a cookie other
 * than language and theme (a session, a pending toast), a page cookie given twice (the app reads the
 * first, a naive parser the last: the cache-poisoning trick), or a value the app would not accept.
 */
function pageCookies(header: string | undefined): Map<string, string> | null {
	const found = new Map<string, string>();
	if (!header) return found;
	for (const part of header.split(";")) {
		if (part.trim() === "") continue;
		const index = part.indexOf("=");
		if (index === -1) return null;
		const name = part.slice(0, index).trim();
		const value = PAGE_COOKIES.get(name)?.get(part.slice(index + 1).trim());
		if (value === undefined || found.has(name)) return null;
		found.set(name, value);
	}
	return found;
}

/**
 * Where a request's page is cached, or null when it must reach the app: not a GET, a personal path, or
 * cookies that are not plain, valid page cookies (see pageCookies). The slot is keyed on the language and
 * theme the app resolves for the request (`?lng=` first, then the cookie, then the defaults), not on the
 * raw cookie text, so two requests share a copy only when the app would render the same page for both.
 */
export function pageCacheSlot({ method, url, cookieHeader }: RequestShape): PageCacheSlot | null {
	if (method !== "GET") return null;
	const { pathname, searchParams } = new URL(url);
	// `/account.data` is the same page's data for client navigations (single fetch).
	const personal = UNCACHED_PREFIXES.some(
		(prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}.`),
	);
	if (personal) return null;
	const cookies = pageCookies(cookieHeader);
	if (!cookies) return null;
	// The app matches `?lng=` loosely ("ru-RU", "en,ru"); only the exact values are worth a shared copy.
	const requested = searchParams.getAll("lng");
	if (requested.length > 1) return null;
	const [languageParam] = requested;
	if (languageParam !== undefined && !isLanguage(languageParam)) return null;
	const variant = formatVariant(
		languageParam ?? cookies.get("lng") ?? DEFAULT_LANGUAGE,
		cookies.get("theme") ?? DEFAULT_THEME,
	);
	return { key: `${url}\n${variant}`, variant };
}

export interface CachedPage {
	status: number;
	headers: Array<[string, string]>;
	/** The body (encoded once) split around its nonce, so a new one can be put in cheaply. */
	bodyParts: Buffer[];
	bytes: number;
	version: number;
}

export interface PageCacheOptions {
	/** 0 turns the cache off. */
	maxEntries: number;
	maxBytes: number;
	/** Even without database writes, a copy is re-rendered after this long (dates, the footer year). */
	ttlMs: number;
}

const NONCE_PATTERN = /'nonce-([A-Za-z0-9+/=]+)'/;

/** Whether a response may be shared: a page or page data, no cookie set, nothing private. */
export function isShareableResponse(status: number, headers: Headers): boolean {
	if (!CACHEABLE_STATUSES.has(status)) return false;
	if (headers.has("Set-Cookie")) return false;
	const cacheControl = headers.get("Cache-Control") ?? "";
	if (/no-store|private/i.test(cacheControl)) return false;
	const type = headers.get("Content-Type") ?? "";
	return CACHEABLE_TYPES.some((pattern) => pattern.test(type));
}

function newNonce(): string {
	return randomBytes(16).toString("base64");
}

/** A clock in milliseconds (performance.now by default; tests bring their own). */
export interface Clock {
	now(): number;
}

/**
 * The copies, kept by lru-cache: at most `maxEntries` pages and `maxBytes` of bodies, the least recently
 * used going first, none older than `ttlMs`. A copy also carries the content version it was rendered at,
 * and is dropped when asked for at another one (the database changed since).
 */
export class PageCache {
	readonly #entries: LRUCache<string, CachedPage> | undefined;

	constructor(
		readonly options: PageCacheOptions,
		clock: Clock = performance,
	) {
		this.#entries =
			options.maxEntries > 0
				? new LRUCache<string, CachedPage>({
						max: options.maxEntries,
						maxSize: options.maxBytes,
						// One page may take a tenth of the room at most; a bigger one is served but not kept.
						maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 10)),
						sizeCalculation: (entry) => Math.max(1, entry.bytes),
						ttl: options.ttlMs,
						perf: clock,
						// Ask the clock on every look-up (lru-cache would otherwise reuse a reading for 1 ms).
						ttlResolution: 0,
					})
				: undefined;
	}

	get enabled(): boolean {
		return this.#entries !== undefined;
	}

	get size(): number {
		return this.#entries?.size ?? 0;
	}

	/** A copy rendered at this content version and not too old, or undefined. */
	get(key: string, version: number): CachedPage | undefined {
		const entry = this.#entries?.get(key);
		if (entry && entry.version !== version) {
			this.#entries?.delete(key);
			return undefined;
		}
		return entry;
	}

	set(key: string, version: number, status: number, headers: Headers, body: string): void {
		if (!this.#entries) return;
		const nonce = NONCE_PATTERN.exec(headers.get("Content-Security-Policy") ?? "")?.[1];
		this.#entries.set(key, {
			status,
			headers: [...headers.entries()],
			bodyParts: (nonce ? body.split(nonce) : [body]).map((part) => Buffer.from(part)),
			bytes: Buffer.byteLength(body),
			version,
		});
	}
}

/**
 * The stored page with a fresh nonce in its body and its Content-Security-Policy header. The body comes
 * as the stored pieces around the new nonce (written out one after another, nothing copied) and its length.
 */
export function renderCachedPage(entry: CachedPage): {
	headers: Array<[string, string]>;
	chunks: Buffer[];
	length: number;
} {
	const length = entry.bodyParts.reduce((sum, part) => sum + part.byteLength, 0);
	if (entry.bodyParts.length === 1) return { headers: entry.headers, chunks: entry.bodyParts, length };
	const nonce = newNonce();
	const headers = entry.headers.map(([name, value]): [string, string] =>
		name.toLowerCase() === "content-security-policy"
			? // Every directive that names the nonce (script-src, style-src) gets the new one.
				[name, value.replaceAll(new RegExp(NONCE_PATTERN, "g"), `'nonce-${nonce}'`)]
			: [name, value],
	);
	const separator = Buffer.from(nonce);
	const chunks = entry.bodyParts.flatMap((part, index) => (index === 0 ? [part] : [separator, part]));
	return { headers, chunks, length: length + separator.byteLength * (entry.bodyParts.length - 1) };
}
