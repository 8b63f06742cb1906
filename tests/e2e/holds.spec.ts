import type { Browser, Page } from "@playwright/test";
import SQLite from "better-sqlite3";
import { expect, readyOnGoto, test } from "./fixtures";
import { linkIn, mailTo } from "./mailbox";
import { ADMIN, uniqueEmail } from "./session";

/**
 * Issue #37, holds and offers, in the browser (en and ru, with and without JavaScript): staff reserve a
 * piece for a request's buyer on the sale panel (/admin/requests/<id>/sale), the piece's public page says
 * Reserved and offers only "tell me if it becomes available", and releasing it makes it available again;
 * an offer reaches the buyer by mail (the run's real SMTP server), the buyer accepts it with the guest
 * link on the offer page it leads to, and the piece is then reserved for that buyer, with a printable
 * confirmation. (The buyer's thread page shows the same offer; it is another branch's.)
 * Each project and language uses a piece of its own that no other spec looks at, and leaves it available.
 */

const TEXT = {
	en: {
		reserve: "Reserve for this buyer",
		reserved: "Reserved until",
		reservedForThis: "Reserved for this buyer until",
		mark: "Reserved",
		wait: "Tell me if it becomes available",
		release: "Release",
		released: "Reservation released",
		sendOffer: "Send an offer",
		offerSent: "Offer sent to the buyer",
		price: "Price, ₽",
		offerSubject: "A personal offer for",
		accepted: "accepted",
		panel: "Sale",
		accept: "Accept offer",
		acceptedToast: "Offer accepted: the piece is reserved for you until",
		forYou: "The piece is reserved for you until",
		confirmationLink: "Printable confirmation",
		confirmationHeading: "Confirmation of an accepted offer",
		outcome: "Outcome",
		noAnswer: "No answer",
		close: "Close the request",
		closed: "Request closed",
	},
	ru: {
		reserve: "Зарезервировать за этим покупателем",
		reserved: "Зарезервировано до",
		reservedForThis: "Зарезервирована за этим покупателем до",
		mark: "Забронировано",
		wait: "Сообщить, если освободится",
		release: "Снять резерв",
		released: "Резерв снят",
		sendOffer: "Отправить предложение",
		offerSent: "Предложение отправлено покупателю",
		price: "Цена, ₽",
		offerSubject: "Персональное предложение",
		accepted: "принято",
		panel: "Продажа",
		accept: "Принять предложение",
		acceptedToast: "Предложение принято: работа зарезервирована за вами до",
		forYou: "Работа зарезервирована за вами до",
		confirmationLink: "Подтверждение для печати",
		confirmationHeading: "Подтверждение принятого предложения",
		outcome: "Итог",
		noAnswer: "Нет ответа",
		close: "Закрыть заявку",
		closed: "Заявка закрыта",
	},
} as const;

/** A piece per project, language and journey, none of which any other spec opens (name and price: for the reader). */
const PIECES: Record<string, { id: string; name: string; price: number }> = {
	"js-en-hold": { id: "fold-steel-shelf", name: "Fold Steel Shelf", price: 52000 },
	"js-ru-hold": { id: "orbit-table-lamp", name: "Orbit Table Lamp", price: 22000 },
	"no-js-en-hold": { id: "pill-side-table", name: "Pill Side Table", price: 18500 },
	"no-js-ru-hold": { id: "block-cabinet", name: "Block Cabinet", price: 67000 },
	"js-en-offer": { id: "dune-ceramic-set", name: "Dune Ceramic Set", price: 9800 },
	"js-ru-offer": { id: "linen-field-scarf", name: "Linen Field Scarf", price: 6900 },
	"no-js-en-offer": { id: "pleat-wool-coat", name: "Pleat Wool Coat", price: 0 },
	// Each project's worker has a server and a database of its own: the projects may share pieces.
	"no-js-ru-offer": { id: "fold-steel-shelf", name: "Fold Steel Shelf", price: 52000 },
};

/** A buyer's request for the piece, as the purchase form would have stored it. */
function insertRequest(
	databasePath: string,
	piece: { id: string },
	email: string,
	language: "en" | "ru",
): number {
	const db = new SQLite(databasePath);
	try {
		const project = db.prepare("select name, price from projects where id = ?").get(piece.id) as {
			name: string;
			price: number;
		};
		const row = db
			.prepare(
				"insert into purchase_requests (project_id, project_name, project_price, email, phone, language) values (?, ?, ?, ?, ?, ?) returning id",
			)
			.get(piece.id, project.name, project.price, email, "+79161234567", language) as { id: number };
		return row.id;
	} finally {
		db.close();
	}
}

/** The piece's own mark beside its price (related pieces further down have marks of their own). */
const pieceMark = (page: Page) => page.getByRole("definition").getByTestId("availability-mark");

async function visitor(browser: Browser, js: boolean): Promise<Page> {
	const context = await browser.newContext({ javaScriptEnabled: js });
	return readyOnGoto(await context.newPage(), js);
}

for (const language of ["en", "ru"] as const) {
	const text = TEXT[language];

	test(
		`reserve for a buyer → the piece's page says Reserved → release (${language})`,
		{ tag: "@no-js" },
		async ({ page, signInAs, site, js, browser }, testInfo) => {
			const piece = PIECES[`${testInfo.project.name}-${language}-hold`];
			if (!piece) throw new Error(`no piece for ${testInfo.project.name}`);
			const buyer = uniqueEmail(`hold-${language}`, testInfo.project.name);
			const requestId = insertRequest(site.databasePath, piece, buyer, language);

			await signInAs(ADMIN.username);
			await page.goto(`/admin/requests/${requestId}/sale?lng=${language}`);
			await page.getByRole("button", { name: text.reserve }).click();
			await expect(page.getByTestId("toast")).toContainText(text.reserved);
			await expect(page.getByTestId("hold-state")).toContainText(text.reservedForThis);

			// Everyone else sees it Reserved and can only ask to be told when it is free.
			const other = await visitor(browser, js);
			await other.goto(`/project/${piece.id}?lng=${language}`);
			await expect(pieceMark(other)).toHaveText(text.mark);
			await expect(
				other.getByRole("link", { name: text.wait }).or(other.getByRole("button", { name: text.wait })),
			).toBeVisible();

			await page.getByRole("button", { name: text.release }).click();
			await expect(page.getByTestId("toast")).toContainText(text.released);
			await other.reload();
			await expect(other.getByRole("heading", { level: 1 })).toBeVisible();
			await expect(pieceMark(other)).toHaveCount(0);
			await other.context().close();
		},
	);

	test(
		`offer → the buyer's mail → accept → reserved for that buyer (${language})`,
		{ tag: "@no-js" },
		async ({ page, signInAs, site, js, browser, baseURL }, testInfo) => {
			const origin = new URL(baseURL ?? "").origin;
			const piece = PIECES[`${testInfo.project.name}-${language}-offer`];
			if (!piece) throw new Error(`no piece for ${testInfo.project.name}`);
			const buyer = uniqueEmail(`offer-${language}`, testInfo.project.name);
			const requestId = insertRequest(site.databasePath, piece, buyer, language);

			await signInAs(ADMIN.username);
			await page.goto(`/admin/requests/${requestId}/sale?lng=${language}`);
			await page.getByLabel(text.price).fill("15000");
			await page.getByRole("button", { name: text.sendOffer }).click();
			await expect(page.getByTestId("toast")).toContainText(text.offerSent);

			// The buyer's mail, in the request's language, with the price and the guest link to the thread.
			const mail = await mailTo(buyer, (m) => m.subject.startsWith(text.offerSubject));
			expect(mail.text).toMatch(/15\s000\s₽/);
			const link = new URL(linkIn(mail, `${origin}/requests/${requestId}/offer?t=`));
			const token = link.searchParams.get("t") ?? "";
			expect(token).toMatch(/^[0-9a-f]{40}$/);

			// The buyer follows it (no account: the link is the key) and accepts.
			const buyerPage = await visitor(browser, js);
			await buyerPage.goto(`${link.pathname}${link.search}&lng=${language}`);
			await expect(buyerPage.getByText(/15\s000\s₽/)).toBeVisible();
			await buyerPage.getByRole("button", { name: text.accept }).click();
			await expect(buyerPage.getByTestId("toast")).toContainText(text.acceptedToast);
			await expect(buyerPage.getByTestId("buyer-hold")).toContainText(text.forYou);
			await expect(buyerPage.getByRole("button", { name: text.accept })).toHaveCount(0);
			await buyerPage.context().close();

			await page.reload();
			await expect(page.getByTestId("hold-state")).toContainText(text.reservedForThis);
			await expect(
				page
					.getByRole("region", { name: text.panel })
					.getByRole("listitem")
					.filter({ hasText: text.accepted }),
			).toBeVisible();
			const other = await visitor(browser, js);
			await other.goto(`/project/${piece.id}?lng=${language}`);
			await expect(pieceMark(other)).toHaveText(text.mark);

			// The printable confirmation: for staff, and for the buyer through the guest link; no one else.
			await page.getByRole("link", { name: text.confirmationLink }).click();
			await expect(page.getByRole("heading", { level: 1 })).toContainText(text.confirmationHeading);
			await expect(page.getByText(buyer)).toBeVisible();
			await other.goto(`/requests/${requestId}/confirmation?t=${token}&lng=${language}`);
			await expect(other.getByRole("heading", { level: 1 })).toContainText(text.confirmationHeading);
			const stranger = await other.goto(`/requests/${requestId}/confirmation?lng=${language}`);
			expect(stranger?.status()).toBe(404);
			await other.context().close();

			// Closed without a sale: the reservation ends and the piece is available again.
			await page.goto(`/admin/requests/${requestId}/sale?lng=${language}`);
			await page.getByLabel(text.outcome).selectOption({ label: text.noAnswer });
			await page.getByRole("button", { name: text.close }).click();
			await expect(page.getByTestId("toast")).toContainText(text.closed);
		},
	);
}
