import { afterAll, beforeAll, expect, test } from "vitest";
import { type HttpSite, startHttpSite } from "../support/http-site";
import { plain } from "../support/plain";
import { openRequest } from "./http-client";

/**
 * Slow uploads (pen test): a client may not hold connections open for minutes by trickling headers or a
 * body, nor open many uploads at once from one address. The timeouts are set short here (their defaults
 * are 20 s and 120 s) so the journeys stay quick.
 */
const PROJECT = "arc-lounge-chair";
let site: HttpSite;
beforeAll(async () => {
	site = await startHttpSite({ HEADERS_TIMEOUT_MS: "2000", REQUEST_TIMEOUT_MS: "4000" });
});
afterAll(async () => {
	await site?.stop();
});

const BOUNDARY = "----forma-slow-upload";

/** A multipart post that announces a body and sends only its first line: it stays in flight. */
function slowUpload() {
	return openRequest(
		site.port,
		[
			`POST /project/${PROJECT}/request HTTP/1.1`,
			`Host: localhost:${site.port}`,
			`Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
			"Content-Length: 10000",
		],
		{ body: `--${BOUNDARY}\r\n` },
	);
}

async function multipartPost(): Promise<Response> {
	const form = new FormData();
	form.set("email", "buyer@example.com");
	form.set("phone", "+79161234567");
	return fetch(`${site.origin}/project/${PROJECT}/request`, {
		method: "POST",
		body: form,
		redirect: "manual",
	});
}

test("slow uploads: a fifth upload at once from one address gets 429 straight away", async () => {
	const held = [slowUpload(), slowUpload(), slowUpload(), slowUpload()];
	try {
		// The four are in flight once the server has taken them: then the next is refused.
		await expect.poll(async () => (await multipartPost()).status, { timeout: 3000 }).toBe(429);
		const refused = await multipartPost();
		expect(refused.status).toBe(429);
		const page = plain(await refused.text());
		expect(page).toContain("Too many uploads from your address at once");
		expect(page).toContain("Слишком много загрузок");
	} finally {
		for (const { socket } of held) socket.destroy();
	}
	// Once they are gone, uploads are taken again.
	await expect.poll(async () => (await multipartPost()).status, { timeout: 15_000 }).not.toBe(429);
});

test("slow uploads: headers that never end are cut off after HEADERS_TIMEOUT_MS", async () => {
	const { socket, response } = openRequest(
		site.port,
		["GET / HTTP/1.1", `Host: localhost:${site.port}`, "X-Slow: 1"],
		{
			complete: false,
		},
	);
	try {
		const answer = await Promise.race([
			response,
			new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000)),
		]);
		expect(answer, "the server should have closed the connection").not.toBeNull();
		expect(answer?.status).toBe(408);
	} finally {
		socket.destroy();
	}
});

test("slow uploads: a body that trickles past REQUEST_TIMEOUT_MS is cut off", async () => {
	const { socket, response } = slowUpload();
	const trickle = setInterval(() => socket.write("x"), 500);
	try {
		const answer = await Promise.race([
			response,
			new Promise<null>((resolve) => setTimeout(() => resolve(null), 20_000)),
		]);
		expect(answer, "the server should have closed the connection").not.toBeNull();
	} finally {
		clearInterval(trickle);
		socket.destroy();
	}
});
