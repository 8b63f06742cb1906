import * as z from "zod";

/**
 * Every environment variable the server reads, validated once. A bad value stops the process with a
 * message that names the variable, instead of failing somewhere later.
 */
const envSchema = z
	.object({
		NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
		DATABASE_PATH: z.string().min(1).default("db/forma.sqlite"),
		/**
		 * PostgreSQL instead of the SQLite file (docs/decisions/0024): postgres://user:pass@host:5432/forma,
		 * for several instances sharing one database. Unset: SQLite at DATABASE_PATH.
		 */
		DATABASE_URL: z
			.string()
			.refine((value) => /^postgres(ql)?:\/\/./.test(value) && URL.canParse(value), {
				error: "must be a postgres:// URL such as postgres://forma:secret@localhost:5432/forma",
			})
			.optional(),
		UPLOADS_DIR: z.string().min(1).default("uploads"),
		SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
		/**
		 * The public origin (https://forma.gallery): canonical URLs, the sitemap and robots.txt name it. Never
		 * taken from the request in production, where a foreign Host would end up in cacheable output.
		 */
		SITE_URL: z
			.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://forma.gallery" })
			.transform((value) => new URL(value).origin)
			.optional(),
		ADMIN_USERNAME: z.string().min(1).optional(),
		ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
		ADMIN_EMAIL: z.email().optional(),
		PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
		/** Proxies in front of the server whose X-Forwarded-* headers are believed (Fly: 1). 0 = none. */
		TRUST_PROXY: z.coerce.number().int().min(0).default(0),
		LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
		/** Appends the log to this file instead of writing it to stdout. */
		LOG_FILE: z.string().optional(),
		/** Anonymous pages kept rendered in memory (docs/decisions/0005); 0 turns the cache off. */
		PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(500),
		SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
		/** How long a client may take to send a request's headers, and the whole request (slow uploads). */
		HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
		REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
		/** Scheduled backups (docs/operations.md, "Backups"): where, how often (0 = never) and how many to keep. */
		BACKUP_DIR: z.string().min(1).optional(),
		BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).default(0),
		BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
		/**
		 * Outgoing mail (docs/decisions/0017): smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…
		 * (TLS from the start). Unset: messages wait in the outbox, readable at /admin/mail.
		 */
		SMTP_URL: z
			.string()
			.refine(
				(value) =>
					URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol) && new URL(value).hostname !== "",
				{
					error: "must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example.com:587",
				},
			)
			.optional(),
		/**
		 * Replies by e-mail (issue #37, docs/decisions/0037): messages to a buyer carry the Reply-To
		 * `<local part>+<token>@<domain>` of this address, and the mail provider posts what comes back to
		 * POST /hooks/inbound-mail with `Authorization: Bearer <INBOUND_MAIL_SECRET>`. Both or neither.
		 */
		INBOUND_MAIL_ADDRESS: z
			.email({ error: "must be an e-mail address such as replies@forma.gallery" })
			.refine((value) => !value.split("@")[0]?.includes("+"), {
				error: "must not hold a +tag: the tag is added to it",
			})
			.optional(),
		INBOUND_MAIL_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
		/** The sender's address; the sender's name is the shop name from the settings. */
		MAIL_FROM: z.email({ error: "must be an e-mail address such as hello@forma.gallery" }).optional(),
		/**
		 * Images in an S3-compatible bucket instead of UPLOADS_DIR (docs/decisions/0025): S3_BUCKET selects it,
		 * S3_REGION is then required; S3_ENDPOINT for anything but AWS; the key pair, or the SDK's own chain.
		 */
		S3_BUCKET: z
			.string()
			.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
				error: "must be a bucket name: 3–63 lowercase letters, digits, dots and hyphens",
			})
			.optional(),
		S3_ENDPOINT: z
			.url({
				protocol: /^https?$/,
				error: "must be an http(s) URL such as https://s3.eu-central-1.amazonaws.com",
			})
			.optional(),
		S3_REGION: z.string().min(1).optional(),
		S3_ACCESS_KEY_ID: z.string().min(1).optional(),
		S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
		S3_FORCE_PATH_STYLE: z
			.enum(["true", "false", "1", "0"], { error: "must be true or false" })
			.transform((value) => value === "true" || value === "1")
			.default(false),
	})
	.superRefine((env, ctx) => {
		if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
			ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
		}
		if (env.NODE_ENV === "production" && !env.SITE_URL) {
			ctx.addIssue({
				code: "custom",
				path: ["SITE_URL"],
				message: "is required in production (the public origin, e.g. https://forma.gallery)",
			});
		}
		if (env.SMTP_URL && !env.MAIL_FROM) {
			ctx.addIssue({
				code: "custom",
				path: ["MAIL_FROM"],
				message: "is required with SMTP_URL (the sender's address, e.g. hello@forma.gallery)",
			});
		}
		if (Boolean(env.INBOUND_MAIL_ADDRESS) !== Boolean(env.INBOUND_MAIL_SECRET)) {
			ctx.addIssue({
				code: "custom",
				path: [env.INBOUND_MAIL_ADDRESS ? "INBOUND_MAIL_SECRET" : "INBOUND_MAIL_ADDRESS"],
				message: "is required with the other INBOUND_MAIL_ setting (replies by e-mail need both)",
			});
		}
		// A partial S3 configuration would quietly keep images on one instance's disk: refuse it.
		const s3Setting = (
			["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const
		).find((name) => env[name] !== undefined);
		if (!env.S3_BUCKET && s3Setting) {
			ctx.addIssue({
				code: "custom",
				path: ["S3_BUCKET"],
				message: `is required when ${s3Setting} is set (without it images stay in UPLOADS_DIR)`,
			});
		}
		if (env.S3_BUCKET && !env.S3_REGION) {
			ctx.addIssue({
				code: "custom",
				path: ["S3_REGION"],
				message:
					"is required with S3_BUCKET (the bucket's region, e.g. eu-central-1; auto for Cloudflare R2)",
			});
		}
		if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
			const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
			const given = env.S3_ACCESS_KEY_ID ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY";
			ctx.addIssue({ code: "custom", path: [missing], message: `is required with ${given}` });
		}
		if (env.BACKUP_INTERVAL_HOURS > 0 && !env.BACKUP_DIR) {
			ctx.addIssue({
				code: "custom",
				path: ["BACKUP_DIR"],
				message: "is required when BACKUP_INTERVAL_HOURS is set",
			});
		}
	});

export type Env = z.infer<typeof envSchema>;

export class InvalidEnvironmentError extends Error {
	override name = "InvalidEnvironmentError";
}

export function parseEnv(source: Record<string, string | undefined>): Env {
	// An empty variable means "not set", as in most shells' `VAR= cmd`.
	const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
	const result = envSchema.safeParse(cleaned);
	if (!result.success) {
		const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
		throw new InvalidEnvironmentError(`Invalid environment variables:\n${lines.join("\n")}`);
	}
	return result.data;
}

let cached: Env | undefined;
export function getEnv(): Env {
	cached ??= parseEnv(process.env);
	return cached;
}

/**
 * The site's public origin for absolute URLs (canonical links, OpenGraph, sitemap, robots.txt). Production
 * always has SITE_URL; only development and tests fall back to the address the request was sent to.
 */
export function publicOrigin(request: Request): string {
	return getEnv().SITE_URL ?? new URL(request.url).origin;
}
