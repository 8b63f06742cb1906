import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { db } from "~/lib/db.server";
import { getImageStore } from "~/lib/image-store.server";
import { answerImageRequest } from "~/lib/uploads.server";
import { createUser } from "~/models/users.server";
import { loader } from "~/routes/resources.request-attachments.$id";
import { startSession } from "~/services/auth.server";
import { receiveInboundMail } from "~/services/inbound-mail.server";
import { composeMessage, requestWithReplyAddress } from "../support/inbound-mail";
import { getRequest } from "../support/requests";

vi.hoisted(() => {
	process.env.INBOUND_MAIL_ADDRESS = "replies@gallery.example";
	process.env.INBOUND_MAIL_SECRET = "inbound-hook-secret-for-the-tests-only-0123456789";
});

/**
 * Attack: reading the photo a buyer sent with a reply (their flat, their passport page…) without being that
 * buyer or the staff: through the public image route by its key, as another request's guest, or as any
 * signed-in visitor. Each gets 404.
 */
async function buyerPhoto() {
	const thread = await requestWithReplyAddress("buyer");
	const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
		.png()
		.toBuffer();
	await receiveInboundMail(
		composeMessage({
			to: thread.address,
			attachments: [{ filename: "room.png", contentType: "image/png", content: photo }],
		}),
	);
	const attachment = await db.selectFrom("request_attachments").selectAll().executeTakeFirstOrThrow();
	return { thread, attachment };
}

async function fetchAttachment(id: number, query = "", cookie?: string) {
	return loader({
		request: getRequest(`/resources/request-attachments/${id}${query}`, cookie),
		params: { id: String(id) },
		context: {},
	});
}

async function cookieOf(role: "user" | "admin", username: string) {
	const user = await createUser({
		email: `${username}@example.com`,
		phone: null,
		password: "a-password-long-enough",
		role,
		username,
	});
	return (await startSession(user.id)).split(";")[0] ?? "";
}

describe("a buyer's attachment is theirs and the staff's only", () => {
	it("is not served by the public image route, whoever knows its key", async () => {
		const { attachment } = await buyerPhoto();
		expect(attachment.storage_key).toMatch(/^requests\/.+\.jpg$/);
		const answer = await answerImageRequest(getImageStore(), { method: "GET", key: attachment.storage_key });
		expect(answer.status).toBe(404);
	});

	it("is 404 to a visitor, to another request's guest link and to another account", async () => {
		const { attachment } = await buyerPhoto();
		const other = await requestWithReplyAddress("buyer", { email: "other@example.com" });
		expect((await fetchAttachment(attachment.id)).status).toBe(404);
		expect((await fetchAttachment(attachment.id, `?t=${other.token}`)).status).toBe(404);
		expect((await fetchAttachment(attachment.id, "", await cookieOf("user", "stranger"))).status).toBe(404);
	});

	it("is served to the buyer's guest link and to the staff, as a picture that can run nothing", async () => {
		const { thread, attachment } = await buyerPhoto();
		const asBuyer = await fetchAttachment(attachment.id, `?t=${thread.token}`);
		expect(asBuyer.status).toBe(200);
		expect(asBuyer.headers.get("Content-Type")).toBe("image/jpeg");
		expect(asBuyer.headers.get("Cache-Control")).toBe("private, no-store");
		expect(asBuyer.headers.get("Content-Security-Policy")).toContain("sandbox");
		expect((await sharp(Buffer.from(await asBuyer.arrayBuffer())).metadata()).width).toBe(40);
		expect((await fetchAttachment(attachment.id, "", await cookieOf("admin", "curator2"))).status).toBe(200);
	});
});
