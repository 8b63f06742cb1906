/**
 * Between express and Remix: express's request as a web Request for the app, and the app's web Response
 * written back (the official adapter hides the Response, which the page cache needs).
 */
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import type { Request, Response } from "express";
import { VARIANT_HEADER } from "~/lib/page-cache.server";
import { requestUrl } from "./request-guards";

/** Headers the app sets for the server only; never sent to the visitor. */
const INTERNAL_HEADERS = new Set([VARIANT_HEADER.toLowerCase()]);

export const serverState = { shuttingDown: false };

/**
 * express's request as the app gets it. `as` renders another address or method instead (the page cache
 * renders a shared page at its canonical address, and a HEAD as the GET whose copy it keeps).
 */
export function toWebRequest(
	req: Request,
	res: Response,
	as: { url?: URL; method?: string } = {},
): globalThis.Request {
	const headers = new Headers();
	for (const [name, value] of Object.entries(req.headers)) {
		if (value === undefined) continue;
		for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
	}
	// The app reads the client's address from X-Forwarded-For (rate limits): give it the one express
	// worked out under the trust-proxy setting, never what the client wrote.
	headers.delete("fly-client-ip");
	headers.set("x-forwarded-for", req.ip ?? "unknown");
	const controller = new AbortController();
	// Abort loaders and actions when the visitor goes away before the response was sent.
	res.on("close", () => {
		if (!res.writableFinished) controller.abort();
	});
	const method = as.method ?? req.method;
	const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
	if (method !== "GET" && method !== "HEAD") {
		init.body = createReadableStreamFromReadable(req);
		init.duplex = "half";
	}
	return new globalThis.Request(as.url ?? requestUrl(res), init);
}

export function writeHead(res: Response, status: number, headers: Iterable<[string, string]>): void {
	// While shutting down, a finished response also ends its keep-alive connection, so the server can stop.
	if (serverState.shuttingDown) res.set("Connection", "close");
	res.status(status);
	for (const [name, value] of headers) {
		if (!INTERNAL_HEADERS.has(name.toLowerCase())) res.append(name, value);
	}
}

export async function sendWebResponse(res: Response, response: globalThis.Response): Promise<void> {
	writeHead(res, response.status, response.headers.entries());
	if (response.body) await writeReadableStreamToWritable(response.body, res);
	else res.end();
}
