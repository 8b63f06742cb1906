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
		expect(
			parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), SITE_URL: "https://forma.gallery" })
				.SESSION_SECRET,
		).toHaveLength(32);
	});

	it("host header reflection: production without SITE_URL is refused, naming SITE_URL", () => {
		const production = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) };
		expect(() => parseEnv(production)).toThrow(/SITE_URL: is required in production/);
		// An empty variable is "not set", not an origin.
		expect(() => parseEnv({ ...production, SITE_URL: "" })).toThrow(/SITE_URL: is required in production/);
		expect(parseEnv({ ...production, SITE_URL: "https://forma.gallery" }).SITE_URL).toBe(
			"https://forma.gallery",
		);
		// Development and tests may still fall back to the request's address.
		expect(parseEnv({}).SITE_URL).toBeUndefined();
	});

	it("SITE_URL is an http(s) origin: other schemes are refused, paths are dropped", () => {
		for (const bad of ["javascript:alert(1)", "ftp://forma.gallery", "forma.gallery"]) {
			expect(() => parseEnv({ SITE_URL: bad })).toThrow(/SITE_URL: must be an http\(s\) URL/);
		}
		expect(parseEnv({ SITE_URL: "https://forma.gallery/shop/?x=1" }).SITE_URL).toBe("https://forma.gallery");
		expect(parseEnv({ SITE_URL: "http://localhost:3000/" }).SITE_URL).toBe("http://localhost:3000");
	});

	it("names each bad variable", () => {
		expect(() => parseEnv({ SESSION_SECRET: "short", ADMIN_EMAIL: "nope" })).toThrow(
			/SESSION_SECRET: must be at least 32 characters[\s\S]*ADMIN_EMAIL/,
		);
	});
});
