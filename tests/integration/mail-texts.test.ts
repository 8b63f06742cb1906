import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { getImageStore } from "~/lib/image-store.server";
import { imageUrl, variantKey } from "~/lib/images";
import { storeRasterImage, UPLOAD_RASTER_OPTIONS } from "~/lib/images.server";
import { updateSettings } from "~/models/settings.server";
import { action as requestAction } from "~/routes/project.$id_.request";
import { GIVEN_CONSENT } from "../support/consent";
import { countedFormRequest } from "../support/form-tokens";
import { smtpDeliveryForEachTest } from "../support/mail-delivery";
import { plain } from "../support/plain";
import { settle } from "../support/requests";

/**
 * What a buyer and the gallery read in the mail a request sends (issue #35), as it arrives over SMTP:
 * the shop's name in the message's own language as its sender and signature, a small picture of the piece
 * from our own site, phone numbers on one line, and sentences where the messages used to show codes.
 */

const { deliverTo } = smtpDeliveryForEachTest();

const PRICED = "terra-modular-sofa";
/** A seed piece without a price ("Price on request"). */
const UNPRICED = "northline-identity";
const GALLERY = "gallery@forma.example";

let address = 0;

async function requestPiece(id: string, email: string, language: "en" | "ru") {
	const request = await countedFormRequest(
		`/project/${id}/request?lng=${language}`,
		{ ...GIVEN_CONSENT, email, phone: "+79161234567" },
		{ headers: { "X-Forwarded-For": `198.18.7.${++address}` } },
	);
	const answer = await settle(() => requestAction({ request, params: { id }, context: {} }));
	// The confirmation that stays (issue #35): the action answers with the saved request, not a redirect.
	expect((answer as { data: { ok: boolean } }).data.ok).toBe(true);
}

/** The piece gets a photo (the seed's pictures are drawings, which mail clients do not show). */
async function givePhoto(id: string) {
	const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#7a5c3e" } })
		.jpeg()
		.toBuffer();
	const image = await storeRasterImage(getImageStore(), "projects", photo, UPLOAD_RASTER_OPTIONS);
	await db
		.updateTable("projects")
		.set({ image: image.key, image_width: image.width, image_height: image.height })
		.where("id", "=", id)
		.execute();
	return image.key;
}

describe.each([
	{
		language: "en" as const,
		shopName: "Art shop",
		price: /Price:\s+on request/,
		wants: "Someone wants to buy a piece",
	},
	{
		language: "ru" as const,
		shopName: "Художественный магазин",
		price: /Цена:\s+по запросу/,
		wants: "Покупатель хочет купить работу",
	},
])("mail texts ($language)", ({ language, shopName, price, wants }) => {
	it("signs and sends the buyer's confirmation with the shop's name in the mail's language", async () => {
		await requestPiece(PRICED, `signed-${language}@example.com`, language);
		const mail = await deliverTo(`signed-${language}@example.com`);
		expect(mail.language).toBe(language);
		expect(mail.from).toContain(shopName);
		expect(plain(mail.text)).toContain(`${shopName} · ${language === "en" ? "FORMA" : "ФОРМА"}`);
		expect(plain(mail.html)).toContain(`${shopName} · ${language === "en" ? "FORMA" : "ФОРМА"}`);
		// The other language's name is nowhere in it.
		expect(mail.text).not.toContain(language === "en" ? "Художественный магазин" : "Art shop");
	});

	it("shows a small picture of the piece, from our own site, and nothing else to fetch", async () => {
		const key = await givePhoto(PRICED);
		await requestPiece(PRICED, `picture-${language}@example.com`, language);
		const mail = await deliverTo(`picture-${language}@example.com`);
		const images = [...mail.html.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tag);
		expect(images).toHaveLength(1);
		const [img] = images;
		const src = /src="([^"]+)"/.exec(img ?? "")?.[1] ?? "";
		// An absolute address on the site's origin, the piece's smallest stored variant, no query string.
		expect(src).toBe(`http://localhost${imageUrl(variantKey(key, 400))}`);
		expect(img).toMatch(/width="200" height="150"/);
		expect(img).toMatch(/alt="Terra Modular Sofa"/);
		expect(mail.html).not.toMatch(/url\(|<script|<iframe/i);
	});

	it("keeps phone numbers on one line", async () => {
		await requestPiece(PRICED, `phone-${language}@example.com`, language);
		const mail = await deliverTo(`phone-${language}@example.com`);
		const phones = [...mail.html.matchAll(/\+7[\d\s\u00a0()-]{9,}\d/g)];
		expect(phones.length).toBeGreaterThanOrEqual(2);
		for (const phone of phones) {
			expect(mail.html.slice(0, phone.index)).toMatch(/<span style="white-space:nowrap">$/);
		}
	});

	it("reads a piece without a price as a sentence, and says what the buyer asks for", async () => {
		await updateSettings({ emailNotifications: true, adminEmail: GALLERY });
		await requestPiece(UNPRICED, `unpriced-${language}@example.com`, language);
		const confirmation = plain((await deliverTo(`unpriced-${language}@example.com`)).text);
		expect(confirmation).toMatch(price);
		expect(confirmation).not.toMatch(/Цена: Цена|Price: Price/);
		await requestPiece(PRICED, `buyer-${language}@example.com`, language);
		const notification = plain(
			(await deliverTo(GALLERY, (mail) => mail.text.includes(`buyer-${language}@example.com`))).text,
		);
		expect(notification).toContain(wants);
		expect(notification).not.toMatch(/\((buy|price|similar|покупка)\)/i);
	});
});
