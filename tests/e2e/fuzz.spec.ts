import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { databaseDigest, listFiles } from "../support/database-digest";
import { formTokenFrom } from "../support/form-page-token";
import { expect, test } from "./fixtures";
import { actionRoutes as routesWithActions } from "./route-manifest";
import type { E2eServer } from "./servers";
import { ADMIN } from "./session";

/**
 * Posts random, oversized, wrongly encoded and missing fields to every action, as an anonymous visitor, a
 * user and an administrator, against a server of its own (the `siteFor` option below). No response may
 * be a 500, the process must keep serving, and a refused request (4xx) must leave the database (the audit
 * trail included: a refused change records nothing) and the uploads exactly as they were. The seed is fixed so a failure can be replayed (FUZZ_SEED overrides it).
 */
test.setTimeout(240_000);
// Its random administrator writes (maintenance, settings, deletions) cannot be put back: a site of its own.
test.use({ siteFor: "fuzz" });

const PROJECT = "arc-lounge-chair";
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const BODIES_PER_ROUTE = 12;

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const int = (max: number) => Math.floor(next() * max);
	const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
	return { next, int, pick };
}

interface ActionRoute {
	path: string;
	/** Field names and literal values the route's forms use, so random bodies look almost right. */
	fields: string[];
	values: string[];
}

/** Every route with an action, from the build's Remix manifest (tests/e2e/route-manifest.ts). */
function actionRoutes(): ActionRoute[] {
	const routes: ActionRoute[] = [];
	for (const route of routesWithActions({ id: PROJECT })) {
		const source = route.files.map((file) => fs.readFileSync(file, "utf8")).join("\n");
		const fields = new Set(["intent", "id", "redirectTo"]);
		for (const match of source.matchAll(/\bname=["{]["`]?([A-Za-z_][\w-]*)/g))
			if (match[1]) fields.add(match[1]);
		for (const match of source.matchAll(/\b([a-z_]+[A-Za-z_]*): z\./g)) if (match[1]) fields.add(match[1]);
		const values = new Set<string>();
		for (const match of source.matchAll(/z\.literal\("([^"]+)"\)|value="([^"{]+)"/g)) {
			const value = match[1] ?? match[2];
			if (value) values.add(value);
		}
		routes.push({ path: route.url, fields: [...fields], values: [...values] });
	}
	// Signing out ends the session the other requests use: last.
	return routes.sort((a, b) => Number(a.path === "/logout") - Number(b.path === "/logout"));
}

const STRANGE_VALUES = [
	"",
	" ",
	"-1",
	"0",
	"1e309",
	"NaN",
	"99999999999999999999999",
	"null",
	"true",
	"on",
	"<script>alert(1)</script>",
	"' or 1=1 --",
	"../../etc/passwd",
	"javascript:alert(1)",
	"http://evil.example/",
	"Ω≈ç√∫ ФОРМА 🎨",
	"\u0000\u0001\u0002",
	"a".repeat(5000),
	"+7",
	"+79161234567",
	"x@example.com",
	PROJECT,
	"1",
	"2",
	"active",
	"blocked",
	"admin",
];

type Body = { label: string; contentType?: string; data: Buffer | string };

function randomBodies(route: ActionRoute, rng: ReturnType<typeof random>): Body[] {
	const bodies: Body[] = [
		{ label: "empty", contentType: "application/x-www-form-urlencoded", data: "" },
		{
			label: "oversized field",
			contentType: "application/x-www-form-urlencoded",
			data: `email=${"x".repeat(70_000)}`,
		},
		{
			label: "invalid UTF-8",
			contentType: "application/x-www-form-urlencoded",
			data: Buffer.from([0x65, 0x3d, 0xff, 0xfe, 0xc3, 0x28]),
		},
		{
			label: "broken percent-encoding",
			contentType: "application/x-www-form-urlencoded",
			data: "email=%E0%A4%A&phone=%",
		},
		{
			label: "multipart without boundary",
			contentType: "multipart/form-data",
			data: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
		},
		{
			label: "truncated multipart",
			contentType: "multipart/form-data; boundary=zz",
			data: '--zz\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff',
		},
		{
			label: "JSON",
			contentType: "application/json",
			data: JSON.stringify({ intent: "delete", id: PROJECT }),
		},
		{
			label: "binary noise",
			contentType: "application/octet-stream",
			data: Buffer.from(Array.from({ length: 512 }, () => rng.int(256))),
		},
	];
	for (let index = 0; index < BODIES_PER_ROUTE; index += 1) {
		const form = new URLSearchParams();
		const count = 1 + rng.int(route.fields.length + 2);
		for (let field = 0; field < count; field += 1) {
			const name = rng.next() < 0.9 ? rng.pick(route.fields) : `unknown_${rng.int(100)}`;
			const value =
				rng.next() < 0.5 && route.values.length > 0 ? rng.pick(route.values) : rng.pick(STRANGE_VALUES);
			form.append(name, value);
		}
		bodies.push({
			label: `random #${index}: ${form.toString().slice(0, 120)}`,
			contentType: "application/x-www-form-urlencoded",
			data: form.toString(),
		});
	}
	return bodies;
}

async function signIn(
	request: APIRequestContext,
	origin: string,
	username: string,
	password: string,
): Promise<void> {
	const response = await request.post("/login", {
		headers: { Origin: origin },
		form: { username, password },
		maxRedirects: 0,
	});
	expect(response.status(), `signing in ${username}`).toBe(302);
}

function snapshot(site: E2eServer): { database: string; uploads: string[]; auditRows: number } {
	return site.withDatabase((sqlite) => {
		// Sessions come and go with sign-ins the fuzz itself makes, and the background sender marks mail that
		// accepted requests queued as sent at any moment; everything else, and which messages exist, must hold
		// still. The digest covers every table, the audit trail (audit_log) among them.
		const mail = sqlite.prepare("select id, kind, to_address, subject from outbox order by id").raw().all();
		return {
			database: `${databaseDigest(sqlite, { ignore: ["sessions", "outbox"] })} ${JSON.stringify(mail)}`,
			uploads: listFiles(path.join(site.dataDir, "uploads")),
			auditRows: sqlite.prepare("select count(*) from audit_log").pluck().get() as number,
		};
	});
}

function maintenanceIsOn(site: E2eServer): boolean {
	return (
		site.query<{ on: number }>('select maintenance_mode as "on" from settings where id = 1')[0]?.on === 1
	);
}

test("random, oversized, malformed and missing fields never cause a 500 or a write that was refused", async ({
	playwright,
	site,
}) => {
	const ORIGIN = site.origin;
	const routes = actionRoutes();
	expect(routes.map((route) => route.path)).toEqual(
		expect.arrayContaining([
			"/login",
			"/register",
			`/project/${PROJECT}/request`,
			"/admin/requests",
			"/account",
		]),
	);

	const anonymous = await playwright.request.newContext({ baseURL: ORIGIN });
	const user = await playwright.request.newContext({ baseURL: ORIGIN });
	const registered = await user.post("/register", {
		headers: { Origin: ORIGIN },
		form: {
			email: "fuzz-user@example.com",
			phone: "+79161234567",
			password: "a-good-password",
			formToken: await formTokenFrom(user, "/register"),
		},
		maxRedirects: 0,
	});
	// Registration answers "check your e-mail" and signs nobody in: the user signs in next.
	expect(registered.status()).toBe(200);
	await signIn(user, ORIGIN, "fuzz-user@example.com", "a-good-password");
	const admin = await playwright.request.newContext({ baseURL: ORIGIN });
	await signIn(admin, ORIGIN, ADMIN.username, ADMIN.password);

	// An administrator's accepted change does reach the audit trail, and the snapshot sees it: so a refused
	// request that wrote an audit row would be caught below.
	const beforeToggle = snapshot(site);
	for (const active of ["0", "1"]) {
		const toggled = await admin.post("/admin/slider", {
			headers: { Origin: ORIGIN },
			form: { intent: "toggle", id: "1", active },
			maxRedirects: 0,
		});
		expect(toggled.status()).toBe(200);
	}
	const afterToggle = snapshot(site);
	expect(afterToggle.auditRows).toBe(beforeToggle.auditRows + 2);
	expect(afterToggle.database).not.toBe(beforeToggle.database);

	const rng = random(SEED);
	const failures: string[] = [];
	let sent = 0;
	for (const [who, context] of [
		["anonymous", anonymous],
		["user", user],
		["admin", admin],
	] as const) {
		for (const route of routes) {
			for (const body of randomBodies(route, rng)) {
				const before = snapshot(site);
				const response = await context.post(route.path, {
					headers: { Origin: ORIGIN, ...(body.contentType ? { "Content-Type": body.contentType } : {}) },
					data: body.data,
					maxRedirects: 0,
					failOnStatusCode: false,
				});
				sent += 1;
				const status = response.status();
				const where = `${who} POST ${route.path} [${body.label}] → ${status}`;
				// An administrator's random settings may have switched maintenance on: then 503 is the right answer.
				if (status >= 500 && !(status === 503 && maintenanceIsOn(site))) failures.push(where);
				if (status >= 400 && status < 500) {
					const after = snapshot(site);
					if (after.database !== before.database)
						failures.push(`${where}: refused, but the database changed`);
					if (after.uploads.join("\n") !== before.uploads.join("\n")) {
						failures.push(`${where}: refused, but files were written`);
					}
				}
			}
		}
	}
	expect(failures, `seed ${SEED}`).toEqual([]);
	expect(sent).toBeGreaterThan(routes.length * 3 * BODIES_PER_ROUTE);

	// Still up and healthy.
	const health = await anonymous.get("/healthz");
	expect(health.status()).toBe(200);
	expect((await anonymous.get("/")).status()).toBe(200);
	await Promise.all([anonymous.dispose(), user.dispose(), admin.dispose()]);
});
