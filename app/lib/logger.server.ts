/**
 * Structured logs through pino: one JSON object per line on stdout, so a platform's log search can filter by
 * field: `{"level":"info","time":"<ISO>","msg":"…", …fields}`, errors as `{name, message, stack, …}` (pino's
 * serialiser: also the error's own fields, such as `code`, and its `cause`). Never pass secrets, passwords,
 * cookies or form bodies in `fields`; should a request's or response's headers ever be logged, cookies and
 * credentials are censored anyway.
 */
import { pino } from "pino";

type Level = "debug" | "info" | "warn" | "error";
const LEVELS: readonly Level[] = ["debug", "info", "warn", "error"];

/** What an unexpected value looks like in the log: an Error with its stack, anything else as text. */
function serializeError(error: unknown): Record<string, unknown> {
	if (!(error instanceof Error)) return { message: String(error) };
	// pino's serialiser names the class `type`; our lines have always called it `name`.
	const { type: _type, ...rest } = pino.stdSerializers.err(error);
	return { name: error.name, ...rest };
}

/** Header paths censored wherever a request, a response or bare headers end up in a log line. */
const SECRET_HEADERS = ["cookie", "authorization", "proxy-authorization", "set-cookie"];

/** The pino instance itself, for pino-http (app/server/request-log.ts). */
export const pinoLogger = pino(
	{
		// The environment is validated later (app/server.ts); an unknown value must not stop the import.
		level: LEVELS.find((level) => level === process.env.LOG_LEVEL) ?? "info",
		base: null,
		timestamp: pino.stdTimeFunctions.isoTime,
		formatters: { level: (label) => ({ level: label }) },
		serializers: { error: serializeError, err: serializeError },
		redact: {
			paths: ["headers", "req.headers", "res.headers"].flatMap((owner) =>
				SECRET_HEADERS.map((name) => `${owner}["${name}"]`),
			),
			censor: "[redacted]",
		},
	},
	// Written as they happen, as process.stdout.write did: in order, and none lost when the process exits.
	// LOG_FILE appends to a file instead (the HTTP-level tests read each in-process site's log from one).
	pino.destination({ dest: process.env.LOG_FILE || 1, sync: true, append: true }),
);

function write(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
	// `msg` in the object (not as pino's second argument) keeps it next to level and time, ahead of the fields.
	pinoLogger[level]({ msg, ...fields });
}

/** The app's logging API: a message and flat fields. */
export const logger = {
	debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
	info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
	warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
	/** Logs an error with its stack trace. */
	error: (msg: string, error?: unknown, fields?: Record<string, unknown>) =>
		write("error", msg, error === undefined ? fields : { ...fields, error }),
};
