import path from "node:path";
import SQLite from "better-sqlite3";
import { expect, test } from "./fixtures";
import { actionRoutes } from "./route-manifest";

/**
 * What the production server (app/server.ts) promises operators and visitors, over real HTTP. These
 * don't involve a page's scripts, so they run once, in the JavaScript project.
 */
test.skip(({ js }) => !js, "HTTP-level checks: one run is enough");

const PROJECT = "arc-lounge-chair";
const databasePath = path.resolve(`tests/e2e/.data/${process.env.E2E_PORT ?? 3100}/forma.sqlite`);

/** The URL of every route that has an action (from the build's Remix manifest), with real parameters. */
function mutatingPaths(): string[] {
	return actionRoutes({ id: PROJECT, category: "art" }).map((route) => route.url);
}

function countPurchaseRequests(): number {
	const sqlite = new SQLite(databasePath, { readonly: true });
	try {
		return sqlite.prepare("select count(*) from purchase_requests").pluck().get() as number;
	} finally {
		sqlite.close();
	}
}

test("a form posted from another site is refused with 403 on every route that changes something", async ({
	request,
}) => {
	const paths = mutatingPaths();
	expect(paths).toEqual(
		expect.arrayContaining(["/login", "/logout", `/project/${PROJECT}/request`, "/admin/requests"]),
	);
	const before = countPurchaseRequests();
	for (const target of paths) {
		const response = await request.post(target, {
			headers: { Origin: "https://evil.example" },
			form: { email: "victim@example.com", phone: "+79161234567", theme: "dark", intent: "delete" },
			maxRedirects: 0,
		});
		expect(response.status(), target).toBe(403);
		expect(await response.text(), target).toContain("another site");
	}
	// Browsers that send no Origin still say where a request came from.
	const fetchMetadata = await request.post(`/project/${PROJECT}/request`, {
		headers: { "Sec-Fetch-Site": "cross-site" },
		form: { email: "victim@example.com", phone: "+79161234567" },
		maxRedirects: 0,
	});
	expect(fetchMetadata.status()).toBe(403);
	expect(countPurchaseRequests()).toBe(before);

	// The same request from our own pages goes through.
	const own = await request.post(`/project/${PROJECT}/request`, {
		headers: { Origin: new URL(test.info().project.use.baseURL ?? "").origin },
		form: { email: "own-origin@example.com", phone: "+79161234567" },
		maxRedirects: 0,
	});
	expect(own.status()).toBeLessThan(400);
	expect(countPurchaseRequests()).toBe(before + 1);
});

test("/healthz reports the database and uploads as healthy", async ({ request }) => {
	const response = await request.get("/healthz");
	expect(response.status()).toBe(200);
	expect(response.headers()["cache-control"]).toBe("no-store");
	expect(await response.json()).toEqual({ ok: true, database: true, uploads: true });
});

test("every response carries a request id, and each page view gets its own script nonce", async ({
	request,
}) => {
	const nonces = new Set<string>();
	for (let view = 0; view < 3; view += 1) {
		const response = await request.get("/art");
		expect(response.status()).toBe(200);
		expect(response.headers()["x-request-id"]).toMatch(/^[\w-]{8,}$/);
		const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
		expect(nonce).toBeDefined();
		const body = await response.text();
		// Every inline script carries this response's nonce and no other.
		const scriptNonces = [...body.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((match) => match[1]);
		expect(scriptNonces.length).toBeGreaterThan(0);
		expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
		nonces.add(nonce ?? "");
	}
	expect(nonces.size).toBe(3);
});
