/**
 * Structured logs: one JSON object per line on stdout (errors too, with their stack), so a platform's log
 * search can filter by field. Never pass secrets, passwords, cookies or form bodies in `fields`.
 */
type Level = "debug" | "info" | "warn" | "error";

const LEVELS: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
	const configured = process.env.LOG_LEVEL as Level | undefined;
	return LEVELS[configured ?? "info"] ?? LEVELS.info;
}

function serializeError(error: unknown): Record<string, unknown> {
	if (error instanceof Error) {
		return { name: error.name, message: error.message, stack: error.stack };
	}
	return { message: String(error) };
}

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
	if (LEVELS[level] < threshold()) return;
	const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
	process.stdout.write(`${line}\n`);
}

export const logger = {
	debug: (msg: string, fields?: Record<string, unknown>) => log("debug", msg, fields),
	info: (msg: string, fields?: Record<string, unknown>) => log("info", msg, fields),
	warn: (msg: string, fields?: Record<string, unknown>) => log("warn", msg, fields),
	/** Logs an error with its stack trace. */
	error: (msg: string, error?: unknown, fields?: Record<string, unknown>) =>
		log("error", msg, { ...fields, ...(error === undefined ? {} : { error: serializeError(error) }) }),
};
