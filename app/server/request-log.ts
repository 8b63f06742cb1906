/**
 * The request log (pino-http): one line per request once its response is done, `{"msg":"request",
 * requestId, method, path, status, durationMs, cache}`, and the request's id in X-Request-Id.
 * `req.log` is a child logger that carries the request id, for lines about one request.
 */
import type { Request, Response } from "express";
import { pinoHttp } from "pino-http";
import { pinoLogger } from "~/lib/logger.server";
import { requestIdOf } from "./request-guards";

const started = Symbol("started");
type Timed = Response & { [started]?: bigint };

/** The flat line operators search on (pino-http's own shape would nest the request and response). */
function requestLine(req: Request, res: Timed): Record<string, unknown> {
	const durationMs = Number(process.hrtime.bigint() - (res[started] ?? process.hrtime.bigint())) / 1e6;
	return {
		msg: "request",
		method: req.method,
		// The path only (query strings may hold search terms), and not all of a 16 KB one.
		path: req.path.slice(0, 512),
		status: res.statusCode,
		durationMs: Math.round(durationMs * 10) / 10,
		...(res.locals.cache ? { cache: res.locals.cache } : {}),
	};
}

export function requestLog() {
	const log = pinoHttp<Request, Timed>({
		logger: pinoLogger,
		genReqId(req, res) {
			res[started] = process.hrtime.bigint();
			const requestId = requestIdOf(req);
			res.set("X-Request-Id", requestId);
			return requestId;
		},
		customAttributeKeys: { reqId: "requestId" },
		// The child loggers carry the request id only, never the request's headers.
		quietReqLogger: true,
		quietResLogger: true,
		// One line per answered request, at info whatever the status (errors have their own line); a
		// request whose client left before its answer was written is not logged (as before pino-http).
		customLogLevel: (_req, res) => (res.writableFinished ? "info" : "silent"),
		customSuccessObject: requestLine,
		customErrorObject: requestLine,
		customSuccessMessage: () => undefined as unknown as string,
		customErrorMessage: () => undefined as unknown as string,
	});
	return log;
}
