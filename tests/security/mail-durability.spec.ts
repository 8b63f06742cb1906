import net from "node:net";
import { expect, test } from "@playwright/test";
import SQLite from "better-sqlite3";
import { GIVEN_CONSENT } from "../support/consent";
import { fetchFormToken } from "../support/form-page-token";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { type Site, securityPort, startSite } from "./site";

/**
 * Mail is durable (issue #13, docs/decisions/0017), proven on the production server and a real SMTP server:
 * a mail server that hangs never makes a buyer wait, everything queued during the outage is delivered once
 * when it returns, and kill -9 between the commit and the delivery loses nothing. Production without
 * SMTP_URL starts and says so.
 */
test.setTimeout(180_000);

const SMTP_PORT = securityPort(39);
const SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
const PROJECT = "arc-lounge-chair";
const GALLERY_INBOX = "gallery-inbox@forma.test";
/** nodemailer's greeting timeout (app/lib/mail.server.ts): a request that waited for mail would take this long. */
const SMTP_GREETING_TIMEOUT_MS = 10_000;

interface OutboxRow {
	id: number;
	message_id: string;
	kind: string;
	to_address: string;
	reference: string;
	status: string;
	last_error: string | null;
}

/** A mail server that accepts connections and never says a word: a send would hang on it. */
async function startBlackHole(port: number) {
	const sockets = new Set<net.Socket>();
	let accepted = 0;
	const server = net.createServer((socket) => {
		accepted += 1;
		sockets.add(socket);
		socket.on("error", () => {});
		socket.on("close", () => sockets.delete(socket));
	});
	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(port, "127.0.0.1", () => resolve());
	});
	return {
		accepted: () => accepted,
		stop: () =>
			new Promise<void>((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}

let buyerCount = 0;
/** Each buyer comes from an address of their own (the site is behind a proxy), as real buyers would. */
async function purchase(site: Site, email: string): Promise<{ status: number; ms: number }> {
	buyerCount += 1;
	// The form's one-time token comes with its page, before the buyer presses the button.
	const formToken = await fetchFormToken(`${site.origin}/project/${PROJECT}/request`);
	const started = performance.now();
	const response = await fetch(`${site.origin}/project/${PROJECT}/request`, {
		method: "POST",
		body: new URLSearchParams({ ...GIVEN_CONSENT, email, phone: "+79161234567", formToken }),
		headers: { "X-Forwarded-For": `10.13.${Math.floor(buyerCount / 250)}.${(buyerCount % 250) + 1}` },
		redirect: "manual",
	});
	await response.arrayBuffer();
	return { status: response.status, ms: Math.round(performance.now() - started) };
}

/** 20 buyers send a request at the same moment; each answer and the whole burst, timed. */
async function burstOfRequests(site: Site, tag: string) {
	const buyers = Array.from({ length: 20 }, (_, index) => `${tag}-${index}-${Date.now()}@example.com`);
	const started = performance.now();
	const answers = await Promise.all(buyers.map((email) => purchase(site, email)));
	return { buyers, answers, totalMs: Math.round(performance.now() - started) };
}

/** The outbox rows of the requests these buyers made. */
function mailOfRequests(site: Site, buyers: string[]): OutboxRow[] {
	return site.query<OutboxRow>(
		`select o.id, o.message_id, o.kind, o.to_address, o.reference, o.status, o.last_error
		 from outbox o join purchase_requests p on o.reference = 'purchase_request:' || p.id
		 where p.email in (${buyers.map(() => "?").join(",")}) order by o.id`,
		...buyers,
	);
}

/**
 * The buyer's confirmation for each request, all waiting, and the gallery told of each: by a notification
 * of its own while the gallery's hourly burst lasts (10), past it in the one digest that waits for its hour
 * (docs/decisions/0017).
 */
function expectQueued(site: Site, rows: OutboxRow[], buyers: string[]) {
	expect(
		rows
			.filter((row) => row.kind === "purchase_confirmation")
			.map((row) => row.to_address)
			.sort(),
	).toEqual([...buyers].sort());
	const notifications = rows.filter((row) => row.kind === "purchase_notification");
	expect(notifications.every((row) => row.to_address === GALLERY_INBOX)).toBe(true);
	expect(new Set(notifications.map((row) => row.reference)).size).toBe(notifications.length);
	const notified = new Set(notifications.map((row) => row.reference));
	const [digest] = site.query<{ text_body: string }>(
		"select text_body from outbox where kind = 'purchase_digest' and status = 'pending'",
	);
	const requests = site.query<{ id: number; email: string }>(
		`select id, email from purchase_requests where email in (${buyers.map(() => "?").join(",")})`,
		...buyers,
	);
	expect(requests).toHaveLength(buyers.length);
	for (const request of requests) {
		if (!notified.has(`purchase_request:${request.id}`)) expect(digest?.text_body).toContain(request.email);
	}
	const [told] = site.query<{ n: number }>(
		"select count(*) as n from outbox where kind = 'purchase_notification'",
	);
	expect(told?.n).toBeLessThanOrEqual(10);
}

/** Waits until every row's message has arrived, then a little longer: each must have arrived exactly once. */
async function expectDeliveredOnce(site: Site, smtp: TestSmtpServer, rows: OutboxRow[]) {
	const arrivals = (messageId: string) => smtp.messages.filter((mail) => mail.messageId === messageId).length;
	await expect
		.poll(() => rows.filter((row) => arrivals(row.message_id) > 0).length, { timeout: 60_000 })
		.toBe(rows.length);
	// Absence takes watching: give a duplicate (a second sender round, a retry) the time to show up.
	await new Promise((resolve) => setTimeout(resolve, 3000));
	for (const row of rows) expect(arrivals(row.message_id), `${row.kind} to ${row.to_address}`).toBe(1);
	const ids = rows.map((row) => row.id);
	const statuses = site.query<{ status: string }>(
		`select status from outbox where id in (${ids.map(() => "?").join(",")})`,
		...ids,
	);
	expect(statuses.every((row) => row.status === "sent")).toBe(true);
	// The message each person got is theirs: the buyer's confirmation went to the buyer.
	for (const row of rows) {
		const mail = smtp.messages.find((received) => received.messageId === row.message_id);
		expect(mail?.to).toEqual([row.to_address.toLowerCase()]);
	}
}

let site: Site;
let smtp: TestSmtpServer | undefined;

test.afterAll(async () => {
	await site?.stop();
	await smtp?.stop();
});

test("a hanging, then absent mail server and kill -9 between commit and delivery: buyers never wait, every message arrives once", async () => {
	const blackHole = await startBlackHole(SMTP_PORT);
	try {
		site = await startSite(
			securityPort(38),
			{ TRUST_PROXY: "1", SMTP_URL, MAIL_FROM: "gallery@forma.test" },
			{
				beforeStart: ({ databasePath }) => {
					const sqlite = new SQLite(databasePath);
					sqlite
						.prepare("update settings set admin_email = ?, email_notifications = 1 where id = 1")
						.run(GALLERY_INBOX);
					sqlite.close();
				},
			},
		);

		// A first request warms the server (so both timed bursts meet a warm one) and sets the sender
		// waiting on the silent mail server.
		expect((await purchase(site, `warm-up-${Date.now()}@example.com`)).status).toBe(200);
		await expect.poll(blackHole.accepted).toBeGreaterThan(0);

		// (a) The mail server hangs: 20 buyers at once are all answered, none after the greeting timeout.
		const down = await burstOfRequests(site, "outage");
		for (const answer of down.answers) {
			expect(answer.status).toBe(200);
			expect(answer.ms).toBeLessThan(SMTP_GREETING_TIMEOUT_MS);
		}
		expect(
			site.query(
				`select id from purchase_requests where email in (${down.buyers.map(() => "?").join(",")})`,
				...down.buyers,
			),
		).toHaveLength(20);
		const queued = mailOfRequests(site, down.buyers);
		expectQueued(site, queued, down.buyers);
		expect(queued.every((row) => row.status === "pending")).toBe(true);

		// (b) The mail server comes back on the same port: all 40 arrive, each once.
		await blackHole.stop();
		smtp = await startSmtpServer({ port: SMTP_PORT });
		await expectDeliveredOnce(site, smtp, queued);

		// For comparison: the same burst with the mail server up.
		const up = await burstOfRequests(site, "normal");
		for (const answer of up.answers) expect(answer.status).toBe(200);
		const normal = mailOfRequests(site, up.buyers);
		expectQueued(site, normal, up.buyers);
		await expectDeliveredOnce(site, smtp, normal);
		const slowest = (answers: Array<{ ms: number }>) => Math.max(...answers.map((answer) => answer.ms));
		console.log(
			`20 purchase requests at once: ${down.totalMs} ms (slowest answer ${slowest(down.answers)} ms) with the mail server hanging, ${up.totalMs} ms (slowest ${slowest(up.answers)} ms) with it up`,
		);

		// (c) The mail server is down (refused); a request commits; the server is killed before delivery.
		await smtp.stop();
		smtp = undefined;
		const buyer = `crash-${Date.now()}@example.com`;
		expect((await purchase(site, buyer)).status).toBe(200);
		// The sender tried and could not reach it (the round stops at the first message): both wait.
		await expect
			.poll(
				() => {
					const rows = mailOfRequests(site, [buyer]);
					return rows.every((row) => row.status === "pending") && rows.some((row) => row.last_error);
				},
				{ timeout: 30_000 },
			)
			.toBe(true);
		await site.kill();
		const afterCrash = mailOfRequests(site, [buyer]);
		expectQueued(site, afterCrash, [buyer]);
		expect(afterCrash.every((row) => row.status === "pending")).toBe(true);

		smtp = await startSmtpServer({ port: SMTP_PORT });
		await site.restart();
		await expectDeliveredOnce(site, smtp, afterCrash);
	} finally {
		await blackHole.stop();
	}
});

test("production without SMTP_URL starts, warns, and keeps mail in the outbox", async () => {
	const bare = await startSite(securityPort(36), {
		TRUST_PROXY: "1",
		SMTP_URL: undefined,
		MAIL_FROM: undefined,
	});
	try {
		await expect
			.poll(() =>
				bare
					.output()
					.split("\n")
					.filter((line) => line.startsWith("{"))
					.map((line) => JSON.parse(line) as { level?: string; msg?: string })
					.some((line) => line.level === "warn" && line.msg?.includes("SMTP_URL is not set")),
			)
			.toBe(true);
		bare.query("update settings set admin_email = ?, email_notifications = 1 where id = 1", GALLERY_INBOX);
		const buyer = `no-smtp-${Date.now()}@example.com`;
		expect((await purchase(bare, buyer)).status).toBe(200);
		const rows = mailOfRequests(bare, [buyer]);
		expectQueued(bare, rows, [buyer]);
		expect(rows.every((row) => row.status === "pending")).toBe(true);
	} finally {
		await bare.stop();
	}
});
