import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { handleUnexpectedError } from "../../app/server/error-handler";
import { securityHeaders } from "../../app/server/security-headers";

/**
 * The server's first step (app/server/security-headers.ts, docs/decisions/0008): whatever answers, the
 * answer leaves with the common headers. The HTTP-level spec (tests/security/headers.spec.ts) asks a real
 * server for every kind of answer it can be made to give; a 500 it cannot, so it is asked for here.
 */
let server: http.Server | undefined;

afterEach(async () => {
	await new Promise((resolve) => server?.close(resolve));
	server = undefined;
});

async function serve(app: express.Express): Promise<string> {
	const listening = app.listen(0, "127.0.0.1");
	server = listening;
	await new Promise((resolve) => listening.once("listening", resolve));
	return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}

describe("security headers on every answer", () => {
	it("a 500 from the error handler carries nosniff, frame options, HSTS and a policy that allows nothing", async () => {
		const app = express();
		app.use(securityHeaders({ production: true }));
		app.get("/", () => {
			throw new Error("a bug of ours");
		});
		app.use(handleUnexpectedError);
		const response = await fetch(`${await serve(app)}/`);
		expect(response.status).toBe(500);
		expect(await response.text()).not.toContain("a bug of ours");
		expect(response.headers.get("x-content-type-options")).toBe("nosniff");
		expect(response.headers.get("x-frame-options")).toBe("DENY");
		expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
		expect(response.headers.get("content-security-policy")).toBe(
			"default-src 'none'; frame-ancestors 'none'",
		);
	});

	it("keeps what an answer set itself, adds nothing to a 304, and no HSTS outside production", async () => {
		const app = express();
		app.use(securityHeaders({ production: false }));
		app.get("/page", (_req, res) => {
			res
				.set({ "Content-Security-Policy": "default-src 'self'", "Referrer-Policy": "no-referrer" })
				.send("ok");
		});
		app.get("/unchanged", (_req, res) => {
			res.status(304).end();
		});
		const origin = await serve(app);
		const page = await fetch(`${origin}/page`);
		expect(page.headers.get("content-security-policy")).toBe("default-src 'self'");
		expect(page.headers.get("referrer-policy")).toBe("no-referrer");
		expect(page.headers.get("x-frame-options")).toBe("DENY");
		expect(page.headers.get("strict-transport-security")).toBeNull();
		const unchanged = await fetch(`${origin}/unchanged`);
		expect(unchanged.status).toBe(304);
		expect(unchanged.headers.get("content-security-policy")).toBeNull();
		expect(unchanged.headers.get("x-frame-options")).toBeNull();
	});
});
