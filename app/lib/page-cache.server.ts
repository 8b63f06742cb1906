import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { LRUCache } from "lru-cache";
import { DEFAULT_LANGUAGE, isLanguage, SUPPORTED_LANGUAGES } from "./i18n";
import { sharedCopyWithoutNonce } from "./security-headers.server";
import { DEFAULT_THEME, THEMES } from "./theme";

/**
 * An in-memory cache of rendered pages for anonymous visitors (docs/decisions/0005). Every visitor without a
 * session sees the same page for the same page address, language and theme, so the server renders it once
 * and serves the copy until the database changes. Which pages may be shared, and under which address, the
 * routes declare (app/lib/page-cache-policy.ts, app/server/page-routes.ts). A copy is kept as plain text at
 * first; once it is asked for again it is compressed (brotli 11, gzip 9) off the request path and served
 * in the encoding each browser takes, so the one-off pages an attacker can ask for never cost a slow
 * compression. It answers `If-None-Match` with 304. A shared copy names no CSP nonce: its policy lists the
 * hashes of its own inline scripts (security-headers.server.ts).
 */

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
	/** The shared page the request is for (page-routes.ts), or null when its route shares nothing. */
	page: { canonical: string } | null;
	cookieHeader: string | undefined;
}

export interface PageCacheSlot {
	/** What a copy is stored under: the page's canonical address and the variant. */
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
 * Where a request's page is cached, or null when it must reach the app: not a GET or HEAD, a page its
 * route does not share, or cookies that are not plain, valid page cookies (see pageCookies). The slot is
 * keyed on the page's canonical address and on the language and theme the app resolves for the request
 * (`?lng=` first, then the cookie, then the defaults), not on the raw cookie text, so two requests share a
 * copy only when the app would render the same page for both.
 */
export function pageCacheSlot({ method, page, cookieHeader }: RequestShape): PageCacheSlot | null {
	if ((method !== "GET" && method !== "HEAD") || !page) return null;
	const { searchParams } = new URL(page.canonical, "http://page");
	const cookies = pageCookies(cookieHeader);
	if (!cookies) return null;
	// The app matches `?lng=` loosely ("ru-RU", "en,ru"); only the exact values are worth a shared copy.
	const requested = searchParams.getAll("lng");
	if (requested.length > 1) return null;
	const [languageParam] = requested;
	if (languageParam !== undefined && !isLanguage(languageParam)) return null;
	// A `?lng=` link also remembers the choice in the language cookie (languageParamCookie): a visitor whose
	// cookie does not say so yet must reach the app, or a copy made for one whose cookie did (and so got no
	// cookie) would leave them in the old language on the next page.
	if (languageParam !== undefined && cookies.get("lng") !== languageParam) return null;
	const variant = formatVariant(
		languageParam ?? cookies.get("lng") ?? DEFAULT_LANGUAGE,
		cookies.get("theme") ?? DEFAULT_THEME,
	);
	return { key: `${page.canonical}\n${variant}`, variant };
}

export type Encoding = "br" | "gzip" | "identity";

type Compressed = Record<"br" | "gzip", Buffer>;

export interface CachedPage {
	status: number;
	/** Everything but the body's encoding and length: Content-Type, the hashed CSP, ETag, Vary, Cache-Control. */
	headers: Array<[string, string]>;
	etag: string;
	/** The plain text; brotli and gzip once the copy has been asked for again and compressed. */
	bodies: { identity: Buffer } & Partial<Compressed>;
	/** The bodies together: what the copy costs the cache. */
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

/** Whether a response may be shared: a page or page data, no cookie set, nothing private. */
export function isShareableResponse(status: number, headers: Headers): boolean {
	if (!CACHEABLE_STATUSES.has(status)) return false;
	if (headers.has("Set-Cookie")) return false;
	const cacheControl = headers.get("Cache-Control") ?? "";
	if (/no-store|private/i.test(cacheControl)) return false;
	const type = headers.get("Content-Type") ?? "";
	return CACHEABLE_TYPES.some((pattern) => pattern.test(type));
}

/**
 * What a browser may keep of an anonymous page: the copy, but it asks again before every use (a 304 when
 * nothing changed), so an admin's edit is never hidden behind a browser's cache.
 */
export const SHARED_PAGE_CACHE_CONTROL = "no-cache";

/**
 * The content coding to answer a request with, by its Accept-Encoding (RFC 9110 §12.5.3): the acceptable
 * coding with the highest q-value, brotli before gzip on a tie. A coding the header leaves out is
 * acceptable only through `*`; identity is acceptable unless refused (`identity;q=0`, or `*;q=0` without
 * identity), but a listed compression wins over an unlisted identity. No header: identity (curl, scripts).
 * When nothing is acceptable the answer is identity anyway: a page the client can read beats a 406.
 */
export function negotiateEncoding(header: string | undefined): Encoding {
	if (header === undefined) return "identity";
	const weights = new Map<string, number>();
	for (const item of header.split(",")) {
		const [name = "", ...parameters] = item.split(";").map((part) => part.trim());
		if (name === "") continue;
		let weight = 1;
		for (const parameter of parameters) {
			const q = /^q\s*=\s*(.*)$/i.exec(parameter);
			if (!q) continue;
			// A malformed q-value is read as "not acceptable" rather than guessed at.
			weight = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(q[1] ?? "") ? Number(q[1]) : 0;
		}
		const coding = name.toLowerCase();
		if (!weights.has(coding)) weights.set(coding, weight);
	}
	const wildcard = weights.get("*");
	const weightOf = (coding: Encoding): number => {
		const listed = weights.get(coding);
		if (listed !== undefined) return listed;
		if (wildcard !== undefined) return wildcard;
		// Unlisted identity: acceptable, last choice.
		return coding === "identity" ? Number.MIN_VALUE : 0;
	};
	let best: Encoding = "identity";
	let bestWeight = 0;
	for (const coding of ["br", "gzip", "identity"] as const) {
		const weight = weightOf(coding);
		if (weight > bestWeight) {
			best = coding;
			bestWeight = weight;
		}
	}
	return best;
}

/** Whether an `If-None-Match` header names this entity tag (weak comparison, RFC 9110 §13.1.2). */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
	if (!ifNoneMatch) return false;
	if (ifNoneMatch.trim() === "*") return true;
	const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
	return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/** Brotli at its best quality: made once per popular page and content, and served many times. */
const BROTLI_QUALITY = 11;
const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function compressedBodies(identity: Buffer): Promise<Compressed> {
	// One after the other: a compression is background work, and takes one thread-pool thread at a time.
	const br = await brotliCompress(identity, {
		params: {
			[zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
			[zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
			[zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
		},
	});
	return { br, gzip: await gzip(identity, { level: 9 }) };
}

/** A clock in milliseconds (performance.now by default; tests bring their own). */
export interface Clock {
	now(): number;
}

/**
 * The copies, kept by lru-cache in two parts, each bounded by entries and bytes, none older than `ttlMs`:
 * `fresh`, the copies rendered once and not asked for since (plain text, at most half the entries and a
 * quarter of the bytes), and `popular`, the copies asked for again (compressed). A page moves from the
 * first to the second on its second request, so a flood of one-off addresses only ever pushes one-off
 * copies out, never the pages people visit. A copy also carries the content version it was rendered at,
 * and is dropped when asked for at another one (the database changed since).
 */
export class PageCache {
	readonly #fresh: LRUCache<string, CachedPage> | undefined;
	readonly #popular: LRUCache<string, CachedPage> | undefined;
	/**
	 * The compressed bodies of recent copies, by entity tag. A copy re-rendered after its 60 s or after an
	 * edit elsewhere in the catalogue is usually the same text: it is not compressed again.
	 */
	readonly #compressed: LRUCache<string, Compressed> | undefined;
	/** Copies waiting to be compressed, one at a time, off the request path. */
	#compressing: Promise<void> = Promise.resolve();
	readonly #queued = new Set<CachedPage>();

	constructor(
		readonly options: PageCacheOptions,
		clock: Clock = performance,
	) {
		const part = (max: number, maxSize: number) =>
			new LRUCache<string, CachedPage>({
				max: Math.max(1, max),
				maxSize: Math.max(1, maxSize),
				// One page may take a tenth of the room at most; a bigger one is served but not kept.
				maxEntrySize: Math.max(1, Math.floor(options.maxBytes / 10)),
				sizeCalculation: (entry) => Math.max(1, entry.bytes),
				ttl: options.ttlMs,
				perf: clock,
				// Ask the clock on every look-up (lru-cache would otherwise reuse a reading for 1 ms).
				ttlResolution: 0,
			});
		const enabled = options.maxEntries > 0;
		this.#fresh = enabled
			? part(Math.ceil(options.maxEntries / 2), Math.floor(options.maxBytes / 4))
			: undefined;
		this.#popular = enabled ? part(options.maxEntries, options.maxBytes) : undefined;
		this.#compressed = enabled
			? new LRUCache({
					max: options.maxEntries,
					maxSize: Math.max(1, Math.floor(options.maxBytes / 4)),
					sizeCalculation: (bodies) => Math.max(1, bodies.br.byteLength + bodies.gzip.byteLength),
				})
			: undefined;
	}

	get enabled(): boolean {
		return this.#popular !== undefined;
	}

	/** Copies kept, fresh and popular. */
	get size(): number {
		return (this.#fresh?.size ?? 0) + (this.#popular?.size ?? 0);
	}

	/** Forgets every stored copy. */
	clear(): void {
		this.#fresh?.clear();
		this.#popular?.clear();
		this.#compressed?.clear();
		this.#queued.clear();
	}

	/**
	 * A copy rendered at this content version and not too old, or undefined. A fresh copy asked for again
	 * becomes popular, and is compressed in the background (until then it is served as plain text, which
	 * the server compresses live, cheaply).
	 */
	get(key: string, version: number): CachedPage | undefined {
		if (!this.#popular || !this.#fresh) return undefined;
		let entry = this.#popular.get(key);
		if (!entry) {
			entry = this.#fresh.get(key);
			if (entry && entry.version === version) {
				// Promoted as old as it is: its 60 s run from its render, not from now.
				const ttl = this.#fresh.getRemainingTTL(key);
				this.#fresh.delete(key);
				this.#popular.set(key, entry, { ttl });
				this.#compressLater(key, entry);
			}
		}
		if (entry && entry.version !== version) {
			this.#popular.delete(key);
			this.#fresh.delete(key);
			return undefined;
		}
		return entry;
	}

	/**
	 * Stores a rendered page: without its nonce (hashes in its CSP instead), with an entity tag, as plain
	 * text (with the compressed bodies of the same text, if they are still known). Resolves once stored.
	 */
	async set(key: string, version: number, status: number, headers: Headers, body: string): Promise<void> {
		if (!this.#fresh) return;
		const shared = sharedCopyWithoutNonce(headers, body);
		if (!shared) return;
		const identity = Buffer.from(shared.body);
		const etag = `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
		const stored = new Headers(shared.headers);
		for (const name of ["Content-Length", "Content-Encoding", "ETag"]) stored.delete(name);
		if (!stored.has("Cache-Control")) stored.set("Cache-Control", SHARED_PAGE_CACHE_CONTROL);
		if (!/\baccept-encoding\b/i.test(stored.get("Vary") ?? "")) stored.append("Vary", "Accept-Encoding");
		stored.set("ETag", etag);
		const compressed = this.#compressed?.get(etag);
		this.#popular?.delete(key);
		this.#fresh.set(key, {
			status,
			headers: [...stored.entries()],
			etag,
			bodies: { identity, ...compressed },
			bytes: identity.byteLength + (compressed ? compressed.br.byteLength + compressed.gzip.byteLength : 0),
			version,
		});
	}

	/** Resolves once every compression asked for so far is done (tests, the bench). */
	settled(): Promise<void> {
		return this.#compressing;
	}

	#compressLater(key: string, entry: CachedPage): void {
		if (entry.bodies.br || this.#queued.has(entry)) return;
		this.#queued.add(entry);
		this.#compressing = this.#compressing
			.then(async () => {
				// Still the copy kept under its key (not replaced, dropped or expired meanwhile)?
				if (this.#popular?.peek(key) !== entry) return;
				const compressed =
					this.#compressed?.get(entry.etag) ?? (await compressedBodies(entry.bodies.identity));
				this.#compressed?.set(entry.etag, compressed);
				if (this.#popular?.peek(key) !== entry) return;
				const bodies = { ...entry.bodies, ...compressed };
				this.#popular.set(
					key,
					{
						...entry,
						bodies,
						bytes: bodies.identity.byteLength + compressed.br.byteLength + compressed.gzip.byteLength,
					},
					{ ttl: this.#popular.getRemainingTTL(key) },
				);
			})
			.catch(() => {
				// A copy that cannot be compressed is served as plain text (compressed live).
			})
			.finally(() => this.#queued.delete(entry));
	}
}

/** Headers a 304 repeats from the 200 it stands for (RFC 9110 §15.4.5). */
const NOT_MODIFIED_HEADERS = new Set(["etag", "vary", "cache-control", "content-location", "expires"]);

/**
 * The answer to a request from a stored copy: 304 with no body when the client's copy is current (only
 * for a 200), else the body in the encoding the client accepts, with its encoding and length. A copy not
 * compressed yet gives its plain text and `compressLive`: the caller compresses it on the way out.
 */
export function cachedResponse(
	entry: CachedPage,
	request: { acceptEncoding: string | undefined; ifNoneMatch: string | undefined },
): { status: number; headers: Array<[string, string]>; body: Buffer | null; compressLive: boolean } {
	if (entry.status === 200 && matchesEntityTag(request.ifNoneMatch, entry.etag)) {
		return {
			status: 304,
			headers: entry.headers.filter(([name]) => NOT_MODIFIED_HEADERS.has(name.toLowerCase())),
			body: null,
			compressLive: false,
		};
	}
	const encoding = negotiateEncoding(request.acceptEncoding);
	const stored = entry.bodies[encoding];
	if (!stored)
		return { status: entry.status, headers: entry.headers, body: entry.bodies.identity, compressLive: true };
	const headers: Array<[string, string]> = [...entry.headers, ["Content-Length", String(stored.byteLength)]];
	if (encoding !== "identity") headers.push(["Content-Encoding", encoding]);
	return { status: entry.status, headers, body: stored, compressLive: false };
}
