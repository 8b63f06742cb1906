import fs from "node:fs";
import { afterAll, beforeAll, expect, test } from "vitest";
import { database, db } from "~/lib/db.server";
import { actionRoutes as routesWithActions } from "../e2e/route-manifest";
import { GIVEN_CONSENT } from "../support/consent";
import { digestDatabase, listFiles } from "../support/database-digest";
import { formTokenIn } from "../support/form-page-token";
import { ADMIN, type HttpSite, startHttpSite } from "../support/http-site";
import { smtpDeliveryForEachTest } from "../support/mail-delivery";
import { linkIn } from "../support/smtp";

/**
 * Posts random, oversized, wrongly encoded and missing fields to every action, as an anonymous visitor, a
 * user and an administrator, against a site and database of its own (its random admin writes disturb
 * nobody). No response may be a 500, the site must keep serving, and a refused request (4xx) must leave
 * the database (the audit trail included: a refused change records nothing) and the uploads exactly as
 * they were. The seed is fixed so a failure can be replayed (FUZZ_SEED overrides it).
 */
const PROJECT = "arc-lounge-chair";
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const BODIES_PER_ROUTE = 12;

let site: HttpSite;
const { deliverTo } = smtpDeliveryForEachTest();
beforeAll(async () => {
	site = await startHttpSite();
});
afterAll(async () => {
	await site?.stop();
});

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

/**
 * One visitor's requests, with the cookies the site set them kept and sent back (as a browser, or
 * Playwright's request context, would); redirects are not followed.
 */
function visitor() {
	const cookies = new Map<string, string>();
	const send = async (path: string, init: RequestInit = {}): Promise<Response> => {
		const headers = new Headers(init.headers);
		if (cookies.size > 0)
			headers.set("Cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
		const response = await fetch(`${site.origin}${path}`, { ...init, headers, redirect: "manual" });
		for (const header of response.headers.getSetCookie()) {
			const [pair = "", ...attributes] = header.split(";");
			const name = pair.slice(0, pair.indexOf("=")).trim();
			const value = pair.slice(pair.indexOf("=") + 1).trim();
			const expired = attributes.some((attribute) => {
				const [key = "", setting = ""] = attribute.split("=").map((part) => part.trim());
				if (/^max-age$/i.test(key)) return Number(setting) <= 0;
				return /^expires$/i.test(key) && Date.parse(setting) <= Date.now();
			});
			if (expired || value === "") cookies.delete(name);
			else cookies.set(name, value);
		}
		return response;
	};
	return {
		get: (path: string) => send(path),
		post: (path: string, body: BodyInit, contentType?: string) =>
			send(path, {
				method: "POST",
				body,
				headers: { Origin: site.origin, ...(contentType ? { "Content-Type": contentType } : {}) },
			}),
		form: (path: string, fields: Record<string, string>) =>
			send(path, {
				method: "POST",
				body: new URLSearchParams(fields),
				headers: { Origin: site.origin },
			}),
	};
}
type Visitor = ReturnType<typeof visitor>;

async function signIn(visitor: Visitor, username: string, password: string): Promise<void> {
	const response = await visitor.form("/login", { username, password });
	expect(response.status, `signing in ${username}`).toBe(302);
}

/**
 * What must hold still. Sessions come and go with sign-ins the fuzz itself makes, and mail that accepted
 * requests queued may be marked sent at any moment; on Postgres the rate limits' counters (kept in memory on
 * SQLite) count refused attempts by design. Everything else, and which messages exist, must hold still:
 * the digest covers every other table, the audit trail (audit_log) among them.
 */
const CHANGING_TABLES = ["sessions", "outbox", ...(database.kind === "postgres" ? ["rate_limits"] : [])];

async function snapshot(): Promise<{ database: string; uploads: string[]; auditRows: number }> {
	const mail = await db
		.selectFrom("outbox")
		.select(["id", "kind", "to_address", "subject"])
		.orderBy("id")
		.execute();
	return {
		database: `${await digestDatabase(db, { ignore: CHANGING_TABLES })} ${JSON.stringify(mail)}`,
		uploads: listFiles(site.env.UPLOADS_DIR ?? ""),
		auditRows: (await db.selectFrom("audit_log").select("id").execute()).length,
	};
}

async function maintenanceIsOn(): Promise<boolean> {
	const settings = await db
		.selectFrom("settings")
		.select("maintenance_mode")
		.where("id", "=", 1)
		.executeTakeFirst();
	return settings?.maintenance_mode === 1;
}

test("random, oversized, malformed and missing fields never cause a 500 or a write that was refused", async () => {
	const routes = actionRoutes();
	expect(routes.map((route) => route.path)).toEqual(
		expect.arrayContaining([
			"/login",
			"/register",
			`/project/${PROJECT}/request`,
			// A request's page (its id here is not a request's: the action answers 404 before reading fields).
			`/admin/requests/${PROJECT}`,
			"/admin/canned-replies",
			"/account",
		]),
	);

	const anonymous = visitor();
	const user = visitor();
	const registered = await user.form("/register", {
		email: "fuzz-user@example.com",
		...GIVEN_CONSENT,
		phone: "+79161234567",
		password: "a-good-password",
		formToken: formTokenIn(await (await user.get("/register")).text(), "/register"),
	});
	// Registration answers "check your e-mail" and signs nobody in; the link mailed to the address, with the
	// password, confirms it and signs the user in.
	expect(registered.status).toBe(200);
	const mail = await deliverTo("fuzz-user@example.com", (message) => /confirm/i.test(message.subject));
	const token = new URL(linkIn(mail, `${site.origin}/verify-email?token=`)).searchParams.get("token") ?? "";
	const confirmed = await user.form("/verify-email", {
		intent: "confirm",
		token,
		password: "a-good-password",
	});
	expect(confirmed.status, "confirming fuzz-user").toBe(302);
	const admin = visitor();
	await signIn(admin, ADMIN.username, ADMIN.password);

	// An administrator's accepted change does reach the audit trail, and the snapshot sees it: so a refused
	// request that wrote an audit row would be caught below.
	const beforeToggle = await snapshot();
	for (const active of ["0", "1"]) {
		const toggled = await admin.form("/admin/slider", { intent: "toggle", id: "1", active });
		expect(toggled.status).toBe(200);
	}
	const afterToggle = await snapshot();
	expect(afterToggle.auditRows).toBe(beforeToggle.auditRows + 2);
	expect(afterToggle.database).not.toBe(beforeToggle.database);

	const rng = random(SEED);
	const failures: string[] = [];
	let sent = 0;
	// What the last refused request left, which is what the next one starts from (one snapshot less each).
	let unchangedSince: Awaited<ReturnType<typeof snapshot>> | undefined;
	for (const [who, context] of [
		["anonymous", anonymous],
		["user", user],
		["admin", admin],
	] as const) {
		for (const route of routes) {
			for (const body of randomBodies(route, rng)) {
				const before = unchangedSince ?? (await snapshot());
				unchangedSince = undefined;
				const response = await context.post(
					route.path,
					typeof body.data === "string" ? body.data : new Uint8Array(body.data),
					body.contentType,
				);
				await response.arrayBuffer();
				sent += 1;
				const status = response.status;
				const where = `${who} POST ${route.path} [${body.label}] → ${status}`;
				// An administrator's random settings may have switched maintenance on: then 503 is the right answer.
				if (status >= 500 && !(status === 503 && (await maintenanceIsOn()))) failures.push(where);
				if (status >= 400 && status < 500) {
					const after = await snapshot();
					if (after.database !== before.database)
						failures.push(`${where}: refused, but the database changed`);
					if (after.uploads.join("\n") !== before.uploads.join("\n")) {
						failures.push(`${where}: refused, but files were written`);
					}
					unchangedSince = after;
				}
			}
		}
	}
	expect(failures, `seed ${SEED}`).toEqual([]);
	expect(sent).toBeGreaterThan(routes.length * 3 * BODIES_PER_ROUTE);

	// Still up and healthy.
	const health = await anonymous.get("/healthz");
	expect(health.status).toBe(200);
	expect((await anonymous.get("/")).status).toBe(200);
}, 240_000);
