/**
 * Crash proof (not a test; `npm run ops:crash`): kill -9 the production server in the middle of a stream of
 * purchase requests and admin image uploads (new hero slides), restart it, and check that
 * - `PRAGMA integrity_check` is ok,
 * - every purchase request and slide that got a success response is in the database,
 * - every image a row refers to is stored whole (decodes), so no half-written file is referenced,
 * - the site serves normally again (home 200, the new slides' images 200, /healthz 200).
 * Repeats for a few rounds, killing at a different moment each time.
 *
 *   npm run build && npx tsx tests/ops/crash.ts [rounds]
 */
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import type { Database } from "../../db/schema";
import { GIVEN_CONSENT } from "../support/consent";
import { fetchFormToken } from "../support/form-page-token";
import {
	ADMIN,
	brokenImages,
	createSite,
	randomPng,
	removeSite,
	runProof,
	signIn,
	siteImages,
	startServer,
	stopServer,
} from "./harness";

const ROUNDS = Number(process.argv[2] ?? 3);
const PORT = 3296;
// Each purchase request comes from its own address (as behind Fly's proxy), so the per-address rate limit
// doesn't turn the stream into 429s.
const site = createSite(PORT, { LOG_LEVEL: "error", TRUST_PROXY: "1" });

interface Acknowledged {
	purchases: string[];
	slides: string[];
}

async function purchaseLoop(stop: () => boolean, tag: string, acked: Acknowledged): Promise<number> {
	let sent = 0;
	while (!stop()) {
		const email = `crash-${tag}-${sent}@example.com`;
		sent += 1;
		try {
			const formToken = await fetchFormToken(`${site.origin}/project/arc-lounge-chair/request`);
			const response = await fetch(`${site.origin}/project/arc-lounge-chair/request`, {
				method: "POST",
				body: new URLSearchParams({ ...GIVEN_CONSENT, email, phone: "+79161234567", formToken }),
				headers: { "X-Forwarded-For": `10.1.${Math.floor(sent / 250) % 250}.${sent % 250}` },
				redirect: "manual",
			});
			if (response.status === 302 || response.status === 303) acked.purchases.push(email);
		} catch {
			// The server died mid-request: this one was never acknowledged.
		}
	}
	return sent;
}

async function uploadLoop(
	stop: () => boolean,
	tag: string,
	cookie: string,
	acked: Acknowledged,
): Promise<number> {
	let sent = 0;
	while (!stop()) {
		const title = `Crash ${tag} ${sent}`;
		const form = new FormData();
		form.set("intent", "save");
		form.set("titleEn", title);
		form.set("titleRu", title);
		form.set("subtitleEn", "Uploaded while the server was killed");
		form.set("subtitleRu", "Загружено во время сбоя");
		form.set("category", "art");
		form.set("isActive", "on");
		form.set(
			"image",
			new Blob([new Uint8Array(await randomPng(sent + tag.length * 1000))], { type: "image/png" }),
			"slide.png",
		);
		sent += 1;
		try {
			form.set("formToken", await fetchFormToken(`${site.origin}/admin/slider?new`, cookie));
			const response = await fetch(`${site.origin}/admin/slider`, {
				method: "POST",
				body: form,
				headers: { Cookie: cookie },
				redirect: "manual",
			});
			if (response.status === 302 || response.status === 303) acked.slides.push(title);
		} catch {
			// Killed mid-upload.
		}
	}
	return sent;
}

async function round(index: number): Promise<boolean> {
	const server = await startServer(site);
	const cookie = await signIn(site, ADMIN.username, ADMIN.password);
	const acked: Acknowledged = { purchases: [], slides: [] };
	let stopped = false;
	const stop = () => stopped;
	const tag = `r${index}`;
	const loops = [
		purchaseLoop(stop, `${tag}a`, acked),
		purchaseLoop(stop, `${tag}b`, acked),
		uploadLoop(stop, `${tag}u1`, cookie, acked),
		uploadLoop(stop, `${tag}u2`, cookie, acked),
	];
	// Kill at a different moment each round, while all four streams are busy.
	await new Promise((resolve) => setTimeout(resolve, 2000 + index * 900));
	await stopServer(server, "SIGKILL");
	stopped = true;
	const [purchasesSent = 0, purchasesSent2 = 0, uploadsSent = 0, uploadsSent2 = 0] = await Promise.all(loops);

	// What is on disk right after the crash, before anything touches it.
	const sqlite = new SQLite(site.databasePath);
	const integrity = sqlite.pragma("integrity_check", { simple: true });
	const storedEmails = new Set(
		sqlite.prepare("select email from purchase_requests").pluck().all() as string[],
	);
	const storedTitles = new Set(sqlite.prepare("select title_en from hero_slides").pluck().all() as string[]);
	// The same connection, through Kysely, for the queries the proofs share.
	const images = siteImages(site);
	const broken = await brokenImages(
		new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }),
		images,
	);
	images.close();
	sqlite.close();
	const lostPurchases = acked.purchases.filter((email) => !storedEmails.has(email));
	const lostSlides = acked.slides.filter((title) => !storedTitles.has(title));

	// Back up, and serving.
	const restarted = await startServer(site);
	const home = await fetch(`${site.origin}/`);
	const homeHtml = await home.text();
	const health = await fetch(`${site.origin}/healthz`);
	const lastSlide = acked.slides.at(-1);
	const slideShown = lastSlide === undefined || homeHtml.includes(lastSlide);
	await stopServer(restarted);

	const ok =
		integrity === "ok" &&
		lostPurchases.length === 0 &&
		lostSlides.length === 0 &&
		broken.length === 0 &&
		home.status === 200 &&
		health.status === 200 &&
		slideShown;
	console.log(
		`round ${index + 1}: sent ${purchasesSent + purchasesSent2} purchase requests (${acked.purchases.length} acknowledged, ` +
			`${lostPurchases.length} lost) and ${uploadsSent + uploadsSent2} uploads (${acked.slides.length} acknowledged, ` +
			`${lostSlides.length} lost); integrity ${String(integrity)}; broken images ${broken.length}; ` +
			`after restart home ${home.status}, healthz ${health.status}, newest slide on home ${slideShown} — ${ok ? "PASS" : "FAIL"}`,
	);
	if (broken.length > 0) console.log(`  broken: ${broken.join(", ")}`);
	return ok && acked.purchases.length > 0 && acked.slides.length > 0;
}

async function main(): Promise<boolean> {
	console.log(`Crash proof: ${ROUNDS} rounds of kill -9 under writes (${site.dataDir})`);
	let passed = true;
	for (let index = 0; index < ROUNDS; index += 1) passed = (await round(index)) && passed;
	return passed;
}

runProof("Crash proof", main, () => removeSite(site));
