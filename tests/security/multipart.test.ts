/**
 * Floods of form fields and multipart parts: tiny in bytes, costly to parse one by one. Each is refused
 * with 413 once past the cap, the server keeps answering others, and nothing is written.
 */
import fs from "node:fs";
import net from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { ADMIN, type HttpSite, startHttpSite } from "../support/http-site";
import { plain } from "../support/plain";
import { postSlide, signIn } from "./site";

let site: HttpSite;
let cookie: string;

beforeAll(async () => {
	site = await startHttpSite();
});

// The sessions table is put back before each test: a session of its own for each.
beforeEach(async () => {
	cookie = await signIn(site.origin, ADMIN.username, ADMIN.password);
});

afterAll(async () => {
	await site?.stop();
});

const BOUNDARY = "flood";

function parts(from: number, to: number): string {
	let text = "";
	for (let i = from; i < to; i++) {
		text += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="field${i}"\r\n\r\nx\r\n`;
	}
	return text;
}

/** What the site has written: slide rows and stored files. */
async function written() {
	const files = fs
		.readdirSync(site.env.UPLOADS_DIR ?? "", { recursive: true })
		.map(String)
		.sort();
	return { slides: (await db.selectFrom("hero_slides").select("id").execute()).length, files };
}

async function healthy(): Promise<number> {
	return (await fetch(`${site.origin}/healthz`)).status;
}

test("multipart flood: 100 000 tiny parts to the slide upload are refused with 413 and nothing is written", async () => {
	const before = await written();
	const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave\r\n${parts(0, 100_000)}--${BOUNDARY}--\r\n`;
	const response = await fetch(`${site.origin}/admin/slider`, {
		method: "POST",
		body,
		headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
		redirect: "manual",
	});
	expect(response.status).toBe(413);
	expect(plain(await response.text())).toContain("The form is too large to send");
	expect(await healthy()).toBe(200);
	expect(await written()).toEqual(before);
});

test("multipart flood: a sender that stalls just past the cap gets its 413 without sending the rest", async () => {
	const flood = parts(0, 100_000);
	const socket = net.connect(site.port, "127.0.0.1");
	try {
		let received = "";
		const statusLine = new Promise<string>((resolve, reject) => {
			socket.on("data", (chunk) => {
				received += String(chunk);
				if (received.includes("\r\n")) resolve(received.slice(0, received.indexOf("\r\n")));
			});
			socket.on("error", reject);
			socket.on("close", () => resolve(received));
		});
		const firstParts = parts(0, 300);
		socket.write(
			[
				"POST /admin/slider HTTP/1.1",
				`Host: localhost:${site.port}`,
				`Cookie: ${cookie}`,
				`Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
				`Content-Length: ${Buffer.byteLength(flood) + BOUNDARY.length + 6}`,
				"",
				firstParts,
			].join("\r\n"),
		);
		// The rest of the body never comes: a server that parsed on would wait here until its timeout.
		expect(await statusLine).toBe("HTTP/1.1 413 Payload Too Large");
		// Meanwhile the server answers everyone else.
		expect(await healthy()).toBe(200);
	} finally {
		socket.destroy();
	}
});

test("field flood: thousands of empty fields on the public sign-in form are refused with 413", async () => {
	const response = await fetch(`${site.origin}/login`, {
		method: "POST",
		body: `${"username=&".repeat(6000)}password=x`,
		headers: { "Content-Type": "application/x-www-form-urlencoded" },
		redirect: "manual",
	});
	expect(response.status).toBe(413);
	expect(plain(await response.text())).toContain("The form is too large to send");
	expect(await healthy()).toBe(200);
});

test("a real slide upload still goes through under the part cap", async () => {
	const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: "#3366cc" } })
		.png()
		.toBuffer();
	const response = await postSlide(site, cookie, {
		title: "Within the cap",
		image: new File([new Uint8Array(png)], "slide.png", { type: "image/png" }),
	});
	expect(response.status).toBe(302);
	expect(
		await db.selectFrom("hero_slides").select("id").where("title_en", "=", "Within the cap").execute(),
	).toHaveLength(1);
});
