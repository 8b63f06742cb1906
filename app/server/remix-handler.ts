/**
 * Requests that reach the app: anonymous visits to pages their routes share through the page cache
 * (docs/decisions/0005), rendered and kept under the page's canonical address (page-routes.ts);
 * everything else straight to Remix. And, whatever a route did or forgot, the caching headers that keep
 * one visitor's page out of another's cache: a signed-in visitor's answer, or one the app marked personal
 * while making it (a one-time form token: app/lib/request-scope.server.ts), is `private, no-store`.
 */
import type { RequestHandler as RemixRequestHandler, ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { logger } from "~/lib/logger.server";
import {
	cachedResponse,
	isShareableResponse,
	type PageCache,
	pageCacheSlot,
	SHARED_PAGE_CACHE_CONTROL,
	VARIANT_HEADER,
} from "~/lib/page-cache.server";
import { sharedPages } from "./page-routes";
import { isRenderedPage, sendRenderedPage, sendWhole } from "./rendered-page";
import { requestUrl } from "./request-guards";
import type { SiteState } from "./site-state";
import { visitorOf } from "./visitor";
import { sendWebResponse, toWebRequest, writeHead } from "./web-adapter";

/** Pages and their single-fetch data: what differs by who is asking. Images and files do not. */
const PAGE_TYPES = /^(text\/html|text\/x-script|application\/json)\b/i;

/**
 * Every page and `.data` answer varies by cookie (language, theme, session), and a signed-in visitor's, or
 * one the app marked personal, is theirs alone: `private, no-store`, decided here so no route can forget it.
 */
function applyCachingRules(headers: Headers, personal: boolean): void {
	if (personal) headers.set("Cache-Control", "private, no-store");
	if (!PAGE_TYPES.test(headers.get("Content-Type") ?? "") && headers.has("Content-Type")) return;
	if (!/\bcookie\b/i.test(headers.get("Vary") ?? "")) headers.append("Vary", "Cookie");
}

type RequestScopeRunner = <T>(answer: () => Promise<T>) => Promise<{ result: T; personal: boolean }>;

/** The app's own request scope (its bundle's copy of app/lib/request-scope.server.ts), from its entry. */
function requestScopeOf(build: ServerBuild): RequestScopeRunner {
	const run = (build.entry.module as { runInRequestScope?: RequestScopeRunner }).runInRequestScope;
	if (!run) throw new Error("the build's entry module (app/entry.server.tsx) must export runInRequestScope");
	return run;
}

export function remixHandler({
	build,
	handleRemix,
	site,
	pageCache,
}: {
	build: ServerBuild;
	handleRemix: RemixRequestHandler;
	site: SiteState;
	pageCache: PageCache;
}) {
	const runInRequestScope = requestScopeOf(build);
	const sharedPage = sharedPages(build);
	/** Pages being rendered for the cache right now, so concurrent misses wait for one render. */
	const rendering = new Map<string, Promise<void>>();

	async function render(
		req: Request,
		res: Response,
		request: globalThis.Request,
	): Promise<globalThis.Response> {
		// Who asked, as the request arrived: sign-out ends the session while the app handles it.
		const signedIn = (await visitorOf(req, res)) !== null;
		const { result: response, personal } = await runInRequestScope(() => handleRemix(request));
		applyCachingRules(response.headers, signedIn || personal);
		return response;
	}

	return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
		try {
			const url = requestUrl(res);
			const page = pageCache.enabled ? sharedPage(url) : null;
			const slot = pageCacheSlot({ method: req.method, page, cookieHeader: req.headers.cookie });
			if (!slot || !page) {
				res.locals.cache = "bypass";
				const response = await render(req, res, toWebRequest(req, res));
				if (isRenderedPage(response)) await sendRenderedPage(req, res, response);
				else await sendWebResponse(res, response);
				return;
			}
			// The copy is the page at its canonical address, whatever spelling or extra parameters this request
			// came with (nothing a visitor typed gets into what everyone else is sent); a HEAD renders the GET.
			const request = toWebRequest(req, res, { url: new URL(page.canonical, url.origin), method: "GET" });
			const { key, variant } = slot;
			const version = site.contentVersion();
			const serveCached = (state: string): boolean => {
				const cached = pageCache.get(key, version);
				if (!cached) return false;
				res.locals.cache = state;
				const answer = cachedResponse(cached, {
					acceptEncoding: req.headers["accept-encoding"],
					ifNoneMatch: req.headers["if-none-match"],
				});
				if (answer.compressLive && answer.body) {
					sendWhole(req, res, answer.status, answer.headers, answer.body);
					return true;
				}
				writeHead(res, answer.status, answer.headers);
				res.end(req.method === "HEAD" ? undefined : (answer.body ?? undefined));
				return true;
			};
			if (serveCached("hit")) return;
			// One render per page at a time: after an edit, the visitors who ask at once share it.
			const flightKey = `${version}\n${key}`;
			const leader = rendering.get(flightKey);
			if (leader) {
				await leader;
				if (serveCached("shared")) return;
			}
			let finished: () => void = () => {};
			rendering.set(flightKey, new Promise<void>((resolve) => (finished = resolve)));
			try {
				res.locals.cache = "miss";
				const response = await render(req, res, request);
				if (!isShareableResponse(response.status, response.headers)) {
					await sendWebResponse(res, response);
					return;
				}
				// The app names the language and theme it rendered in; a copy is stored only when that is
				// the variant it would be served to (the root loader reports it; data requests that skip
				// the root loader carry none, and their slot comes from the same rules the app applies).
				const rendered = response.headers.get(VARIANT_HEADER);
				response.headers.delete(VARIANT_HEADER);
				// Browsers keep anonymous pages but ask before every use (the copy answers their ETag).
				if (!response.headers.has("Cache-Control")) {
					response.headers.set("Cache-Control", SHARED_PAGE_CACHE_CONTROL);
				}
				const body = await response.text();
				// This visitor gets the render itself (its own nonce, compressed on the way out); the copy for
				// everyone else is stored beside it, and visitors waiting for this render get that copy.
				let stored: Promise<void> | undefined;
				if (rendered === null || rendered === variant) {
					stored = pageCache.set(key, version, response.status, response.headers, body).catch((error) => {
						logger.error("page cache: the copy could not be stored", error, { page: page.canonical });
					});
				} else {
					res.locals.cache = "refused";
					logger.warn("page cache: the app rendered another variant than the key", {
						page: page.canonical,
						expected: variant,
						rendered,
					});
				}
				sendWhole(req, res, response.status, response.headers.entries(), Buffer.from(body));
				await stored;
			} finally {
				rendering.delete(flightKey);
				finished();
			}
		} catch (error) {
			next(error);
		}
	};
}
