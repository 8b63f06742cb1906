import { describe, expect, it, vi } from "vitest";
import { db } from "~/lib/db.server";
import { getImageStore } from "~/lib/image-store.server";
import { receiveInboundMail } from "~/services/inbound-mail.server";
import { composeMessage, requestWithReplyAddress, threadOf } from "../support/inbound-mail";

vi.hoisted(() => {
	process.env.INBOUND_MAIL_ADDRESS = "replies@gallery.example";
	process.env.INBOUND_MAIL_SECRET = "inbound-hook-secret-for-the-tests-only-0123456789";
});

/**
 * Attack: a reply that carries a program (or a script dressed as a picture or a PDF), or a file so large it
 * fills the store. Only pictures and PDFs up to 10 MB, recognised by their bytes, are kept; the text is
 * still posted, and the thread's timeline says which files were refused.
 */
const EXE = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(512, 0x41)]);

async function attachmentsOf(requestId: number) {
	const [message] = await threadOf(requestId);
	return db
		.selectFrom("request_attachments")
		.selectAll()
		.where("message_id", "=", message?.id ?? 0)
		.execute();
}

describe("inbound mail: attachments that are not pictures or PDFs", () => {
	it.each([
		["setup.exe", "application/x-msdownload", EXE],
		["photo.jpg", "image/jpeg", EXE],
		["invoice.pdf", "application/pdf", EXE],
		[
			"drawing.svg",
			"image/svg+xml",
			Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
		],
		["page.html", "text/html", Buffer.from("<script>alert(1)</script>")],
	])("refuses %s (%s) and keeps the text", async (filename, contentType, content) => {
		const thread = await requestWithReplyAddress("buyer");
		const before = await getImageStore().list("requests/");
		const outcome = await receiveInboundMail(
			composeMessage({
				to: thread.address,
				text: "See attached.",
				attachments: [{ filename, contentType, content }],
			}),
		);
		expect(outcome).toMatchObject({
			status: "accepted",
			refusedAttachments: [{ filename, reason: "not-image-or-pdf" }],
		});
		expect(await threadOf(thread.requestId)).toMatchObject([{ body: "See attached." }]);
		expect(await attachmentsOf(thread.requestId)).toEqual([]);
		expect(await getImageStore().list("requests/")).toEqual(before);
		const told = await db
			.selectFrom("outbox")
			.select(["to_address"])
			.where("kind", "=", "inbound_refused_files")
			.execute();
		expect(told).toEqual([{ to_address: "anna@example.com" }]);
	});

	it("keeps ten files of one reply and refuses the rest", async () => {
		const thread = await requestWithReplyAddress("buyer");
		const pdfs = Array.from({ length: 12 }, (_, index) => ({
			filename: `page-${index + 1}.pdf`,
			contentType: "application/pdf",
			content: Buffer.from(`%PDF-1.4\n% page ${index + 1}\n%%EOF\n`),
		}));
		const outcome = await receiveInboundMail(
			composeMessage({ to: thread.address, text: "All the pages.", attachments: pdfs }),
		);
		expect(outcome).toMatchObject({
			status: "accepted",
			refusedAttachments: [
				{ filename: "page-11.pdf", reason: "too-many" },
				{ filename: "page-12.pdf", reason: "too-many" },
			],
		});
		expect(await attachmentsOf(thread.requestId)).toHaveLength(10);
	});

	it("refuses a PDF over 10 MB", async () => {
		const thread = await requestWithReplyAddress("buyer");
		const large = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(10 * 1024 * 1024, 0x20)]);
		const outcome = await receiveInboundMail(
			composeMessage({
				to: thread.address,
				text: "The full catalogue.",
				attachments: [{ filename: "catalogue.pdf", contentType: "application/pdf", content: large }],
			}),
		);
		expect(outcome).toMatchObject({
			status: "accepted",
			refusedAttachments: [{ filename: "catalogue.pdf", reason: "too-large" }],
		});
		expect(await attachmentsOf(thread.requestId)).toEqual([]);
	});
});
