import { randomBytes } from "node:crypto";

/**
 * An in-memory cache of rendered pages for anonymous visitors (docs/decisions/0005). Every visitor without a
 * session sees the same page for the same URL, language and theme, so the server renders it once and serves
 * the copy until the database changes. Each copy gets a fresh CSP nonce on the way out, so a cached page is
 * as strict as a freshly rendered one.
 */

/** Cookies that change what an anonymous page looks like; any other cookie means "not anonymous". */
const PAGE_COOKIES = new Set(["lng", "theme"]);
/** Paths that are always personal, private, or files served elsewhere. */
const UNCACHED_PREFIXES = ["/admin", "/account", "/login", "/register", "/logout", "/resources"];
const CACHEABLE_STATUSES = new Set([200, 404]);
const CACHEABLE_TYPES = [/^text\/html\b/i, /^text\/x-script\b/i];

export interface CachedPage {
	status: number;
	headers: Array<[string, string]>;
	/** The body (encoded once) split around its nonce, so a new one can be put in cheaply. */
	bodyParts: Buffer[];
	bytes: number;
	storedAt: number;
	version: number;
}

export interface PageCacheOptions {
	/** 0 turns the cache off. */
	maxEntries: number;
	maxBytes: number;
	/** Even without database writes, a copy is re-rendered after this long (dates, the footer year). */
	ttlMs: number;
}

interface RequestShape {
	method: string;
	url: string;
	cookieHeader: string | undefined;
}

function parseCookieNames(header: string): Map<string, string> {
	const cookies = new Map<string, string>();
	for (const part of header.split(";")) {
		const index = part.indexOf("=");
		const name = (index === -1 ? part : part.slice(0, index)).trim();
		if (name) cookies.set(name, index === -1 ? "" : part.slice(index + 1).trim());
	}
	return cookies;
}

/**
 * The cache key for a request, or null when the request must reach the app: not a GET, a personal path,
 * or a cookie other than language and theme (a session, a pending toast).
 */
export function pageCacheKey({ method, url, cookieHeader }: RequestShape): string | null {
	if (method !== "GET") return null;
	const { pathname } = new URL(url);
	// `/account.data` is the same page's data for client navigations (single fetch).
	const personal = UNCACHED_PREFIXES.some(
		(prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}.`),
	);
	if (personal) return null;
	let language = "";
	let theme = "";
	if (cookieHeader) {
		for (const [name, value] of parseCookieNames(cookieHeader)) {
			if (!PAGE_COOKIES.has(name)) return null;
			if (name === "lng") language = value;
			else theme = value;
		}
	}
	return `${url}\n${language}\n${theme}`;
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

export function newNonce(): string {
	return randomBytes(16).toString("base64");
}

export class PageCache {
	readonly #entries = new Map<string, CachedPage>();
	#bytes = 0;

	constructor(readonly options: PageCacheOptions) {}

	get enabled(): boolean {
		return this.options.maxEntries > 0;
	}

	get size(): number {
		return this.#entries.size;
	}

	/** A copy rendered at this database version and not too old, or undefined. */
	get(key: string, version: number, now = Date.now()): CachedPage | undefined {
		const entry = this.#entries.get(key);
		if (!entry) return undefined;
		if (entry.version !== version || now - entry.storedAt > this.options.ttlMs) {
			this.#delete(key, entry);
			return undefined;
		}
		// Map order is insertion order: re-inserting marks the entry as recently used.
		this.#entries.delete(key);
		this.#entries.set(key, entry);
		return entry;
	}

	set(key: string, version: number, status: number, headers: Headers, body: string, now = Date.now()): void {
		if (!this.enabled) return;
		const nonce = NONCE_PATTERN.exec(headers.get("Content-Security-Policy") ?? "")?.[1];
		const entry: CachedPage = {
			status,
			headers: [...headers.entries()],
			bodyParts: (nonce ? body.split(nonce) : [body]).map((part) => Buffer.from(part)),
			bytes: Buffer.byteLength(body),
			storedAt: now,
			version,
		};
		if (entry.bytes > this.options.maxBytes / 10) return;
		const existing = this.#entries.get(key);
		if (existing) this.#delete(key, existing);
		this.#entries.set(key, entry);
		this.#bytes += entry.bytes;
		for (const [oldestKey, oldest] of this.#entries) {
			if (this.#entries.size <= this.options.maxEntries && this.#bytes <= this.options.maxBytes) break;
			this.#delete(oldestKey, oldest);
		}
	}

	#delete(key: string, entry: CachedPage): void {
		this.#entries.delete(key);
		this.#bytes -= entry.bytes;
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
