import { describe, expect, it } from "vitest";
import { InvalidEnvironmentError, parseEnv } from "~/lib/env.server";

describe("parseEnv", () => {
	it("fills sensible defaults for development", () => {
		const env = parseEnv({});
		expect(env.NODE_ENV).toBe("development");
		expect(env.DATABASE_PATH).toBe("db/forma.sqlite");
		expect(env.UPLOADS_DIR).toBe("uploads");
	});

	it("requires SESSION_SECRET in production and names it", () => {
		expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(InvalidEnvironmentError);
		expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET: is required in production/);
		expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) }).SESSION_SECRET).toHaveLength(
			32,
		);
	});

	it("names each bad variable", () => {
		expect(() => parseEnv({ SESSION_SECRET: "short", ADMIN_EMAIL: "nope" })).toThrow(
			/SESSION_SECRET: must be at least 32 characters[\s\S]*ADMIN_EMAIL/,
		);
	});
});
