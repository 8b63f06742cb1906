import { z } from "zod";

/**
 * Every environment variable the server reads, validated once. A bad value stops the process with a
 * message that names the variable, instead of failing somewhere later.
 */
const envSchema = z
	.object({
		NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
		DATABASE_PATH: z.string().min(1).default("db/forma.sqlite"),
		UPLOADS_DIR: z.string().min(1).default("uploads"),
		SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
		SITE_URL: z.url().optional(),
		ADMIN_USERNAME: z.string().min(1).optional(),
		ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
		ADMIN_EMAIL: z.email().optional(),
	})
	.superRefine((env, ctx) => {
		if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
			ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
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
