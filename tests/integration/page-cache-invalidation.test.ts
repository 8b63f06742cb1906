/**
 * The page cache's invalidation, end to end: the server's own handler (app/server/remix-handler.ts) and
 * content version (app/server/site-state.ts, fed by the triggers of migrations 0005/0006) over the test's
 * real database (SQLite or Postgres). The app behind it is a stand-in that renders a page from the same models the real
 * pages use and counts its renders, so "served from the cache" and "rendered again" can be told apart.
 */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getEnv } from "~/lib/env.server";
import { PageCache, VARIANT_HEADER } from "~/lib/page-cache.server";
import { runInRequestScope } from "~/lib/request-scope.server";
import { deleteProject, getProjectById } from "~/models/projects.server";
import { createPurchaseRequest } from "~/models/purchase-requests.server";
import { createSession } from "~/models/sessions.server";
import { getSettings, updateSettings } from "~/models/settings.server";
import { listActiveSlides, listSlides, setSlideActive } from "~/models/slides.server";
import { createUser } from "~/models/users.server";
import { remixHandler } from "../../app/server/remix-handler";
import { readableRequest } from "../../app/server/request-guards";
import { openSiteState, type SiteState } from "../../app/server/site-state";
import { writeElsewhere } from "../support/write-elsewhere";

const PROJECT = "terra-modular-sofa";
/** Deleted by one test (each test gets its own copy of the database, but the order must not matter). */
const DELETED_PROJECT = "arc-lounge-chair";

let server: http.Server;
let site: SiteState;
let origin: string;
let renders = 0;

/** Stands in for the Remix build: one page made of settings, slides and a project, as the real pages read them. */
async function renderPage(): Promise<Response> {
	renders += 1;
	const settings = await getSettings();
	const slides = await listActiveSlides();
	const projects = await Promise.all([PROJECT, DELETED_PROJECT].map((id) => getProjectById(id)));
	const names = projects.map((project) => `<p>${project?.name ?? "no project"}</p>`).join("");
	const body = `<h1>${settings.shop_name}</h1><p>${slides.length} slides</p>${names}`;
	return new Response(body, {
		headers: { "Content-Type": "text/html; charset=utf-8", [VARIANT_HEADER]: "en light" },
	});
}

/** The stand-in's routes: one shared page at `/` (a route opts in to the page cache: app/lib/page-cache-policy.ts). */
const build = {
	routes: {
		root: { id: "root", path: "", module: {} },
		"routes/_index": {
			id: "routes/_index",
			parentId: "root",
			index: true,
			module: { handle: { pageCache: { shared: true } } },
		},
	},
	entry: { module: { runInRequestScope } },
} as unknown as ServerBuild;

beforeEach(async () => {
	renders = 0;
	site = await openSiteState(getEnv());
	const pageCache = new PageCache({ maxEntries: 50, maxBytes: 1024 * 1024, ttlMs: 60_000 });
	const app = express();
	app.use(readableRequest);
	app.all("*", remixHandler({ build, handleRemix: renderPage, site, pageCache }));
	server = app.listen(0);
	await new Promise((resolve) => server.once("listening", resolve));
	origin = `http://localhost:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
	await new Promise((resolve) => server.close(resolve));
	site.close();
});

async function visit(path = "/"): Promise<string> {
	// On Postgres a write reaches the site state as a notification, a moment after its commit (at once on
	// SQLite); what is asserted here is what the next request sees once it has arrived.
	await site.caughtUp();
	const response = await fetch(`${origin}${path}`);
	expect(response.status).toBe(200);
	return response.text();
}

/** Visits twice: the second answer must come from the cache (no render). */
async function cachedPage(): Promise<string> {
	const page = await visit();
	const before = renders;
	expect(await visit()).toBe(page);
	expect(renders, "the second visit is served from the cache").toBe(before);
	return page;
}

describe("page cache invalidation", () => {
	it("an anonymous page is rendered once and then served from the cache", async () => {
		await cachedPage();
		expect(renders).toBe(1);
	});

	it("a settings change through the model renders the page again, with the new name", async () => {
		await cachedPage();
		await updateSettings({ shopName: "FORMA Renamed" });
		expect(await visit()).toContain("<h1>FORMA Renamed</h1>");
		expect(renders).toBe(2);
	});

	it("a slide hidden through the model renders the page again", async () => {
		const page = await cachedPage();
		const [slide] = await listSlides();
		if (!slide) throw new Error("the seed has slides");
		await setSlideActive(slide.id, !slide.is_active);
		expect(await visit()).not.toBe(page);
		expect(renders).toBe(2);
	});

	it("a project deleted through the model renders the page again", async () => {
		await cachedPage();
		await deleteProject(DELETED_PROJECT);
		expect(await visit()).toContain("no project");
		expect(renders).toBe(2);
	});

	it("a project renamed through a second connection (as a CLI, a restore or another instance would) renders the page again", async () => {
		await cachedPage();
		await writeElsewhere("update projects set name = 'Renamed Elsewhere' where id = ?", [PROJECT]);
		expect(await visit()).toContain("Renamed Elsewhere");
		expect(renders).toBe(2);
	});

	it("purchase requests, new accounts and sign-ins do not invalidate: the cached copy is still served", async () => {
		const page = await cachedPage();
		const user = await createUser({
			email: "cache-buyer@example.com",
			phone: null,
			password: "pw-12345678",
			role: "user",
			username: "cache-buyer",
		});
		await createSession(user.id);
		await createPurchaseRequest({
			projectId: PROJECT,
			email: "cache-buyer@example.com",
			phone: "+79161234567",
			userId: user.id,
		});
		expect(await visit()).toBe(page);
		expect(renders).toBe(1);
	});
});
