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

	it("DATABASE_URL selects Postgres: a postgres:// URL, anything else refused naming it; unset means SQLite", () => {
		expect(parseEnv({}).DATABASE_URL).toBeUndefined();
		for (const good of [
			"postgres://forma:secret@db:5432/forma",
			"postgresql://localhost/forma?sslmode=require",
		]) {
			expect(parseEnv({ DATABASE_URL: good }).DATABASE_URL).toBe(good);
		}
		for (const bad of ["mysql://db/forma", "db/forma.sqlite", "postgres://"]) {
			expect(() => parseEnv({ DATABASE_URL: bad })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
		}
	});

	it("SITE_URL is an http(s) origin: other schemes are refused, paths are dropped", () => {
		for (const bad of ["javascript:alert(1)", "ftp://forma.gallery", "forma.gallery"]) {
			expect(() => parseEnv({ SITE_URL: bad })).toThrow(/SITE_URL: must be an http\(s\) URL/);
		}
		expect(parseEnv({ SITE_URL: "https://forma.gallery/shop/?x=1" }).SITE_URL).toBe("https://forma.gallery");
		expect(parseEnv({ SITE_URL: "http://localhost:3000/" }).SITE_URL).toBe("http://localhost:3000");
	});

	it("SMTP_URL is an smtp:// or smtps:// URL with a host, and then MAIL_FROM is required", () => {
		const from = { MAIL_FROM: "hello@forma.gallery" };
		for (const good of [
			"smtp://user:p%40ss@mail.example.com:587",
			"smtps://mail.example.com",
			"smtp://[::1]:25",
		]) {
			expect(parseEnv({ SMTP_URL: good, ...from }).SMTP_URL).toBe(good);
		}
		for (const bad of [
			"https://mail.example.com",
			"mail.example.com:587",
			"smtp://",
			"smtp:///path",
			"smtp:mail",
		]) {
			expect(() => parseEnv({ SMTP_URL: bad, ...from }), bad).toThrow(
				/SMTP_URL: must be an smtp:\/\/ or smtps:\/\//,
			);
		}
		expect(() => parseEnv({ SMTP_URL: "smtp://mail.example.com" })).toThrow(
			/MAIL_FROM: is required with SMTP_URL/,
		);
		expect(() => parseEnv({ SMTP_URL: "smtp://mail.example.com", MAIL_FROM: "FORMA" })).toThrow(
			/MAIL_FROM: must be an e-mail address/,
		);
		// Without SMTP_URL mail stays in the outbox: neither is needed, in production either.
		const production = {
			NODE_ENV: "production",
			SESSION_SECRET: "x".repeat(32),
			SITE_URL: "https://forma.gallery",
		};
		expect(parseEnv(production).SMTP_URL).toBeUndefined();
		expect(parseEnv({ ...production, SMTP_URL: "" }).SMTP_URL).toBeUndefined();
	});

	it("names each bad variable", () => {
		expect(() => parseEnv({ SESSION_SECRET: "short", ADMIN_EMAIL: "nope" })).toThrow(
			/SESSION_SECRET: must be at least 32 characters[\s\S]*ADMIN_EMAIL/,
		);
	});
});
