import { spawnSync } from "node:child_process";
import fs from "node:fs";
import pg from "pg";
import sharp from "sharp";
import { ADMIN, type Site, startSite } from "../security/site";
import { GIVEN_CONSENT } from "../support/consent";
import { fetchFormToken } from "../support/form-page-token";
import { type PostgresCluster, postgresBinDir, startPostgresCluster } from "../support/postgres-cluster";
import { type LocalS3, startLocalS3 } from "../support/s3rver";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { expect, test } from "./fixtures";
import { freePort } from "./servers";
import { submitLogin, timeStamp } from "./session";

/**
 * Two instances of the production build behind one address, as on several machines (docs/deploying.md, "Running on
 * several machines"; docs/decisions/0024, 0025): A and B share a throwaway PostgreSQL (DATABASE_URL), one
 * S3 bucket (s3rver) and the secret that signs cookies, and each trusts one proxy hop (TRUST_PROXY=1), as
 * behind a load balancer. Each test sends its requests to one instance or the other, as a balancer's
 * round robin would, and checks what the other instance then does. Everything is started here and
 * stopped after, each server and the bucket in a process group of its own, Postgres with a parent-death
 * signal.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });

const BUCKET = "forma-instances";
const MAIL_FROM = "gallery@forma.test";
const ADMIN_EMAIL = "curator@forma.gallery";
const PIECE = "arc-lounge-chair";

let cluster: PostgresCluster | undefined;
let s3: LocalS3 | undefined;
let smtp: TestSmtpServer | undefined;
let database: pg.Pool | undefined;
let a: Site;
let b: Site;

test.beforeAll(async () => {
	// A Postgres cluster, a bucket, and a seed of both (every picture uploaded): on a busy 2-core machine that
	// took longer than a test's minute.
	test.setTimeout(180_000);
	if (!postgresBinDir()) {
		const install = spawnSync("sh", ["tests/support/ensure-postgres.sh"], { stdio: "inherit" });
		if (install.status !== 0) throw new Error("PostgreSQL could not be installed");
	}
	cluster = await startPostgresCluster();
	const admin = new pg.Client({ connectionString: cluster.url("postgres") });
	await admin.connect();
	await admin.query("create database forma");
	await admin.end();
	// In a process of its own: set-up (spawnSync) holds this one while it seeds the bucket.
	s3 = await startLocalS3([BUCKET], { ownProcess: true });
	smtp = await startSmtpServer();
	const shared = {
		DATABASE_URL: cluster.url("forma"),
		...s3.env(BUCKET),
		TRUST_PROXY: "1",
		SMTP_URL: smtp.url,
		MAIL_FROM,
	};
	// A's set-up migrates and seeds the database and the bucket; B's finds them done. Neither has a folder.
	a = await startSite(await freePort(), shared, { fromTemplate: false });
	b = await startSite(await freePort(), shared, { fromTemplate: false });
	database = new pg.Pool({ connectionString: shared.DATABASE_URL, max: 2 });
});

test.afterAll(async () => {
	await a?.stop();
	await b?.stop();
	await database?.end();
	await smtp?.stop();
	await s3?.stop();
	await cluster?.stop();
});

async function rows<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
	if (!database) throw new Error("no database");
	return (await database.query<T>(text, values)).rows;
}

/** A purchase request as the no-JavaScript form posts it, from `address` (the balancer's report). */
async function requestPurchase(site: Site, email: string, address: string): Promise<Response> {
	const page = `${site.origin}/project/${PIECE}/request`;
	const formToken = await fetchFormToken(page);
	return fetch(page, {
		method: "POST",
		body: new URLSearchParams({ ...GIVEN_CONSENT, email, phone: "+79161234567", formToken }),
		headers: { "X-Forwarded-For": address },
		redirect: "manual",
	});
}

/** Resolves once `count` of the promises have settled. */
function settled(promises: Promise<unknown>[], count: number): Promise<void> {
	return new Promise((resolve) => {
		let done = 0;
		const one = () => {
			done += 1;
			if (done === count) resolve();
		};
		for (const promise of promises) promise.then(one, one);
	});
}

const acknowledged = (response: Response) => response.status >= 200 && response.status < 400;

test("a session signed in on A is accepted by B, and signing out on B ends it on A", async ({ page }) => {
	await page.goto(`${a.origin}/login`);
	await submitLogin(page, ADMIN.username, ADMIN.password);
	await expect(page).toHaveURL(`${a.origin}/admin/projects`);
	const [session] = (await page.context().cookies(a.origin)).filter(
		(cookie) => cookie.name === "forma_session",
	);
	if (!session) throw new Error("signing in on A set no session cookie");

	// One host behind the balancer: the browser sends the same cookie whichever instance answers.
	await page.goto(`${b.origin}/account`);
	await expect(page).toHaveURL(`${b.origin}/account`);
	await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
	await page.goto(`${b.origin}/admin`);
	await expect(page).toHaveURL(`${b.origin}/admin/projects`);

	await page.goto(`${b.origin}/account`);
	await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
	await expect(page).toHaveURL(`${b.origin}/login`);
	// The cookie A made, sent to A again, names a session that no longer exists.
	const onA = await fetch(`${a.origin}/account`, {
		headers: { Cookie: `${session.name}=${session.value}` },
		redirect: "manual",
	});
	expect(onA.status).toBe(302);
	expect(onA.headers.get("location")).toMatch(/^\/login/);
});

test("an image an admin uploads on A, through the admin form, is served by B from the shared bucket", async ({
	page,
}) => {
	const title = `Shared slide ${timeStamp()}`;
	await page.goto(`${a.origin}/login?redirectTo=/admin/slider?new`);
	await submitLogin(page, ADMIN.username, ADMIN.password);
	await expect(page).toHaveURL(`${a.origin}/admin/slider?new`);
	await page.getByLabel("Title (English)", { exact: true }).fill(title);
	await page.getByLabel("Title (Russian)", { exact: true }).fill(title);
	await page.getByLabel("Subtitle (English)", { exact: true }).fill("Uploaded on A");
	await page.getByLabel("Subtitle (Russian)", { exact: true }).fill("Загружено на A");
	await page.getByLabel("Category").selectOption("art");
	await page.getByLabel("Slide image").setInputFiles({
		name: "slide.png",
		mimeType: "image/png",
		buffer: await sharp({ create: { width: 480, height: 300, channels: 3, background: "#3f6b4a" } })
			.png()
			.toBuffer(),
	});
	await page.getByRole("button", { name: "Add slide" }).click();
	await expect(page.getByTestId("toast")).toContainText("Slide created");

	const [slide] = await rows<{ image_url: string }>("select image_url from hero_slides where title_en = $1", [
		title,
	]);
	expect(slide?.image_url).toMatch(/^slides\/[0-9a-f]+\.\w+$/);
	const key = slide?.image_url ?? "";
	const fromA = await fetch(`${a.origin}/resources/images/${key}`);
	const fromB = await fetch(`${b.origin}/resources/images/${key}`);
	expect(fromB.status).toBe(200);
	expect(fromB.headers.get("content-type")).toMatch(/^image\//);
	expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);

	// B's home page (rendered by B) shows the slide, and every width of its picture comes from B too.
	const home = await (await fetch(`${b.origin}/`)).text();
	const stem = key.replace(/\.\w+$/, "");
	const widths = [...new Set(home.match(new RegExp(`/resources/images/${stem}[\\w.-]*`, "g")) ?? [])];
	expect(widths.length).toBeGreaterThan(0);
	for (const path of widths) expect((await fetch(`${b.origin}${path}`)).status, path).toBe(200);
	// Neither instance keeps images on its own disk.
	expect(fs.existsSync(a.uploadsDir) || fs.existsSync(b.uploadsDir)).toBe(false);
});

test("a piece renamed on A shows on B's cached anonymous page within a second", async ({
	page,
}, testInfo) => {
	const path = `${b.origin}/project/${PIECE}`;
	const [piece] = await rows<{ name: string }>("select name from projects where id = $1", [PIECE]);
	const oldName = piece?.name ?? "";
	// B keeps the anonymous page: the second visit is its stored copy (a copy carries an ETag, a render not).
	await (await fetch(path)).arrayBuffer();
	const cached = await fetch(path);
	expect(cached.headers.get("etag")).toBeTruthy();
	expect(await cached.text()).toContain(oldName);

	const newName = `${oldName} ${timeStamp()}`;
	await page.goto(`${a.origin}/login?redirectTo=/admin/projects/edit/${PIECE}`);
	await submitLogin(page, ADMIN.username, ADMIN.password);
	await page.getByLabel("Name", { exact: true }).fill(newName);
	const saved = page.waitForResponse(
		(response) => response.request().method() === "POST" && response.url().startsWith(a.origin),
	);
	await page.getByRole("button", { name: "Save Changes" }).click();
	expect((await saved).status()).toBeLessThan(400);
	// From the moment A has answered the save: B must have let go of its copy and render the new name.
	const savedAt = performance.now();
	await expect
		.poll(async () => (await fetch(path)).text(), { timeout: 1000, intervals: [20] })
		.toContain(newName);
	const shownAfterMs = Math.round(performance.now() - savedAt);
	testInfo.annotations.push({ type: "B showed the new name after (ms)", description: String(shownAfterMs) });
	await expect(page.getByTestId("toast")).toContainText(`${newName} has been successfully updated`);
});

test("ten wrong passwords split across A and B: the next attempt is refused on either", async () => {
	const address = "198.51.100.7";
	// Posted as the sign-in form's script posts it (`.data`: no page rendered for the answer, so refusals
	// come back in milliseconds).
	const attempt = (site: Site, password: string) =>
		fetch(`${site.origin}/login.data`, {
			method: "POST",
			body: new URLSearchParams({ username: ADMIN.username, password }),
			headers: { "X-Forwarded-For": address },
			redirect: "manual",
		});
	const status = async (response: Promise<Response>) => (await response).status;
	const statuses: number[] = [];
	for (let i = 0; i < 4; i++) statuses.push(await status(attempt(i % 2 === 0 ? a : b, `wrong-${i}`)));
	// The fifth to eighth at once, two on each (as many as one address may have in flight there): the
	// first to be counted is the fifth, free failure, and the others are refused at once. The rest follow
	// as soon as those refusals are in, without waiting for the fifth's password check, so everything
	// after it lands well within its one-second wait whatever the machine's load.
	const burst = [4, 5, 6, 7].map((i) => status(attempt(i % 2 === 0 ? a : b, `wrong-${i}`)));
	await settled(burst, 3);
	statuses.push(...(await Promise.all([status(attempt(a, "wrong-8")), status(attempt(b, "wrong-9"))])));
	// Even the right password is refused now, on both.
	const next = await Promise.all([attempt(a, ADMIN.password), attempt(b, ADMIN.password)]);
	statuses.push(...(await Promise.all(burst)));
	// One count for the pair, wherever each attempt landed: five free failures, then waits. Counted per
	// instance, each would have had five of its own and all ten would have been checked.
	expect(statuses.filter((code) => code === 401)).toHaveLength(5);
	expect(statuses.filter((code) => code === 429)).toHaveLength(5);
	expect(next.map((response) => response.status)).toEqual([429, 429]);
	for (const response of next) expect(Number(response.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
});

test("fifty purchase requests at once, split across A and B: fifty rows, each message delivered exactly once, the gallery told of each once", async () => {
	if (!smtp) throw new Error("no mail server");
	const mail = smtp;
	const stamp = timeStamp();
	const buyers = Array.from({ length: 50 }, (_, i) => `buyer-${stamp}-${i}@example.com`);
	const responses = await Promise.all(
		// Each from an address of its own, as many visitors behind the balancer.
		buyers.map((email, i) => requestPurchase(i % 2 === 0 ? a : b, email, `203.0.113.${i + 1}`)),
	);
	expect(responses.map((response) => response.status)).toEqual(buyers.map(() => 200));

	const stored = await rows<{ email: string }>("select email from purchase_requests where email like $1", [
		`buyer-${stamp}-%`,
	]);
	expect(stored.map((row) => row.email).sort()).toEqual([...buyers].sort());

	// The buyer's confirmation for each request; the gallery told of each by a notification of its own while
	// its hourly burst lasts (10, counted under one lock whichever instance writes), past it in the one
	// digest that waits for its hour (docs/decisions/0017). Every message sent by whichever instance's
	// sender claimed it, exactly once.
	const ours = () =>
		mail.messages.filter((message) =>
			buyers.some((buyer) => message.to.includes(buyer) || message.text.includes(buyer)),
		);
	const notifications = () =>
		rows<{ status: string; text_body: string }>(
			"select status, text_body from outbox where kind = 'purchase_notification' and text_body like $1",
			[`%buyer-${stamp}-%`],
		);
	const told = (await notifications()).length;
	expect(told).toBeLessThanOrEqual(10);
	await expect.poll(() => ours().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(50 + told);
	await expect
		.poll(
			async () =>
				(
					await rows<{ status: string; n: number }>(
						`select status, count(*)::int as n from outbox
						 where to_address = any($1) or (kind = 'purchase_notification' and text_body like $2)
						 group by status`,
						[buyers, `%buyer-${stamp}-%`],
					)
				).map((row) => `${row.status} ${row.n}`),
			{ timeout: 10_000 },
		)
		.toEqual([`sent ${50 + told}`]);
	const digests = await rows<{ text_body: string }>(
		"select text_body from outbox where kind = 'purchase_digest' and status = 'pending' and text_body like $1",
		[`%buyer-${stamp}-%`],
	);
	expect(digests).toHaveLength(1);
	// Both senders look every second: a second copy of any of them would arrive within that.
	await new Promise((resolve) => setTimeout(resolve, 1500));
	const received = ours();
	expect(received).toHaveLength(50 + told);
	expect(new Set(received.map((message) => message.messageId)).size).toBe(50 + told);
	for (const buyer of buyers) {
		expect(
			received.filter((message) => message.to.includes(buyer)),
			buyer,
		).toHaveLength(1);
		const notices = received.filter(
			(message) => message.to.includes(ADMIN_EMAIL) && message.text.includes(buyer),
		).length;
		const inDigest = digests[0]?.text_body.includes(buyer) ? 1 : 0;
		expect(notices + inDigest, `the gallery told of ${buyer} once`).toBe(1);
	}
});

test("kill -9 of A in the middle of a stream of requests: B keeps serving and nothing acknowledged is lost", async () => {
	const stamp = timeStamp();
	const acknowledgedEmails: string[] = [];
	const failuresOnB: string[] = [];
	let sent = 0;
	let onAAcknowledged = 0;
	let onBAfterKill = 0;
	let aKilled = false;
	let stopped = false;

	/** One visitor after another on `site`: the piece's page and its form, then the purchase request. */
	async function stream(site: Site): Promise<void> {
		while (!stopped) {
			sent += 1;
			const email = `stream-${stamp}-${sent}@example.com`;
			try {
				const response = await requestPurchase(site, email, `192.0.2.${sent % 250}`);
				if (acknowledged(response)) {
					acknowledgedEmails.push(email);
					if (site === a) onAAcknowledged += 1;
					else if (aKilled) onBAfterKill += 1;
				} else if (site === b) failuresOnB.push(`${email}: HTTP ${response.status}`);
			} catch (error) {
				// A died with this request in flight, or after: never acknowledged. A balancer takes A out.
				if (site === b) failuresOnB.push(`${email}: ${String(error)}`);
				else return;
			}
		}
	}

	const streams = [stream(a), stream(a), stream(b), stream(b)];
	await expect.poll(() => onAAcknowledged, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
	await a.kill();
	aKilled = true;
	await expect.poll(() => onBAfterKill, { timeout: 30_000 }).toBeGreaterThanOrEqual(10);
	stopped = true;
	await Promise.all(streams);
	test.info().annotations.push({
		type: "purchase requests",
		description: `${sent} sent, ${acknowledgedEmails.length} acknowledged (${onAAcknowledged} by A before its kill, ${onBAfterKill} by B after)`,
	});

	expect(failuresOnB).toEqual([]);
	const stored = new Set(
		(
			await rows<{ email: string }>("select email from purchase_requests where email like $1", [
				`stream-${stamp}-%`,
			])
		).map((row) => row.email),
	);
	expect(acknowledgedEmails.filter((email) => !stored.has(email))).toEqual([]);
	expect((await fetch(`${b.origin}/healthz`)).status).toBe(200);
	expect((await fetch(`${b.origin}/project/${PIECE}`)).status).toBe(200);
});
