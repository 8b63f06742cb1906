import type { Kysely } from "kysely";
import { generatedId } from "../db/dialect";

/**
 * Personal data as the law asks (issue #36; 152-FZ as amended by 156-FZ, GDPR) and the seller's details:
 *
 * - `consent_texts`: the consent to processing is a document of its own, one per purpose ("purchase" for a
 *   purchase request, "account" for registration), in Russian and English, versioned: an admin's save makes
 *   a new version, old ones stay readable. Version 1 of each is written here.
 * - `consents`: who gave or withdrew which version of which text, when, from which client address and how
 *   (a form, the account page, an administrator) — written in the same transaction as what it consents to.
 *   Append-only; the account or the e-mail and phone name the person (no foreign key: the record outlives
 *   an erased account, with the account's id cleared and its address anonymised by the erasure).
 * - `personal_data_links`: a guest's one-time link (1 hour) to the export and erasure of one address.
 * - `purchase_requests.anonymised_at`: set when erasure or retention replaced the person's contacts.
 * - settings: the retention period; the seller's legal details and the personal-data contact; the address
 *   buyers write to about pieces (empty: the admin address); the shop's name in English (the Russian one
 *   keeps the spec's default).
 */

const PURCHASE_RU = `Отправляя заявку на покупку, я даю оператору — владельцу сайта, чьё наименование, ИНН, ОГРН и адрес указаны на странице «Контакты», — согласие на обработку моих персональных данных.

Данные: адрес электронной почты, номер телефона, язык сайта, текст переписки по заявке, а если я вошёл в аккаунт — имя пользователя.

Цель: ответить на мою заявку, согласовать покупку и доставку работы, сообщить о ходе заявки.

Действия: сбор, запись, систематизация, хранение, уточнение, использование, обезличивание, удаление — с использованием средств автоматизации и без них. Данные не передаются третьим лицам, кроме почтового сервиса, через который отправляются письма, и хостинга, на котором работает сайт.

Срок: до достижения цели, но не дольше срока хранения, указанного в Политике конфиденциальности; после него заявка обезличивается.

Я могу отозвать согласие, получить свои данные или потребовать их удаления: на странице аккаунта, по ссылке из письма или написав оператору по адресу для вопросов о персональных данных, указанному на странице «Контакты».`;

const PURCHASE_EN = `By sending a purchase request I consent to the operator — the owner of this site, whose legal name, tax number (INN), registration number (OGRN) and address are given on the Contact page — processing my personal data.

Data: my e-mail address, phone number, the site's language, the messages about the request, and my username if I am signed in.

Purpose: to answer my request, agree the purchase and delivery of the piece, and tell me how the request is going.

Processing: collecting, recording, organising, storing, correcting, using, anonymising and deleting, with and without automated means. The data is not passed to third parties other than the mail service that sends the messages and the hosting the site runs on.

Period: until the purpose is reached, and no longer than the retention period stated in the Privacy policy; after it the request is anonymised.

I can withdraw this consent, get my data or have it erased: on the account page, through the link in an e-mail, or by writing to the operator's personal-data address given on the Contact page.`;

const ACCOUNT_RU = `Регистрируясь, я даю оператору — владельцу сайта, чьё наименование, ИНН, ОГРН и адрес указаны на странице «Контакты», — согласие на обработку моих персональных данных.

Данные: имя пользователя, адрес электронной почты, номер телефона, язык сайта, избранные работы, заявки и переписка по ним.

Цель: вести мой аккаунт — вход, подтверждение адреса и восстановление пароля, избранное и история заявок.

Действия: сбор, запись, систематизация, хранение, уточнение, использование, обезличивание, удаление — с использованием средств автоматизации и без них. Данные не передаются третьим лицам, кроме почтового сервиса, через который отправляются письма, и хостинга, на котором работает сайт.

Срок: пока существует аккаунт. Удалив аккаунт, я прекращаю обработку: аккаунт, избранное и ссылки удаляются, заявки обезличиваются.

Я могу отозвать согласие, получить свои данные или удалить аккаунт на странице аккаунта или написав оператору по адресу для вопросов о персональных данных, указанному на странице «Контакты».`;

const ACCOUNT_EN = `By registering I consent to the operator — the owner of this site, whose legal name, tax number (INN), registration number (OGRN) and address are given on the Contact page — processing my personal data.

Data: my username, e-mail address, phone number, the site's language, my favourite pieces, my requests and the messages about them.

Purpose: to run my account — signing in, confirming my address and resetting my password, favourites and the history of my requests.

Processing: collecting, recording, organising, storing, correcting, using, anonymising and deleting, with and without automated means. The data is not passed to third parties other than the mail service that sends the messages and the hosting the site runs on.

Period: as long as the account exists. Deleting the account ends the processing: the account, favourites and links are deleted and the requests anonymised.

I can withdraw this consent, get my data or delete my account on the account page, or by writing to the operator's personal-data address given on the Contact page.`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.createTable("consent_texts")
		.addColumn("id", "integer", generatedId(db))
		// "purchase" | "account" (and later "subscription").
		.addColumn("purpose", "text", (col) => col.notNull())
		.addColumn("version", "integer", (col) => col.notNull())
		.addColumn("body_en", "text", (col) => col.notNull())
		.addColumn("body_ru", "text", (col) => col.notNull())
		.addColumn("created_at", "text", (col) => col.notNull())
		// The administrator's username when they saved it; "" for version 1, written here.
		.addColumn("created_by", "text", (col) => col.notNull().defaultTo(""))
		.addUniqueConstraint("consent_texts_purpose_version_key", ["purpose", "version"])
		.execute();

	await db.schema
		.createTable("consents")
		.addColumn("id", "integer", generatedId(db))
		.addColumn("purpose", "text", (col) => col.notNull())
		.addColumn("text_version", "integer", (col) => col.notNull())
		// "given" | "withdrawn"
		.addColumn("action", "text", (col) => col.notNull())
		.addColumn("user_id", "integer")
		// Lower-cased; "" when only the account names the person.
		.addColumn("email", "text", (col) => col.notNull().defaultTo(""))
		.addColumn("phone", "text", (col) => col.notNull().defaultTo(""))
		// The client's address as the server saw it (the trusted proxy's forwarded address, decision 0024).
		.addColumn("client_address", "text", (col) => col.notNull().defaultTo(""))
		// "form" | "account" | "admin"
		.addColumn("method", "text", (col) => col.notNull())
		// The purchase request it came with, if any.
		.addColumn("request_id", "integer")
		.addColumn("created_at", "text", (col) => col.notNull())
		.execute();
	await db.schema.createIndex("consents_email_idx").on("consents").columns(["email", "id"]).execute();
	await db.schema.createIndex("consents_phone_idx").on("consents").columns(["phone", "id"]).execute();
	await db.schema.createIndex("consents_user_idx").on("consents").columns(["user_id", "id"]).execute();

	await db.schema
		.createTable("personal_data_links")
		.addColumn("id", "integer", generatedId(db))
		.addColumn("email", "text", (col) => col.notNull())
		.addColumn("token_hash", "text", (col) => col.notNull().unique())
		.addColumn("nonce", "text", (col) => col.notNull())
		.addColumn("expires_at", "text", (col) => col.notNull())
		.addColumn("used_at", "text")
		.addColumn("created_at", "text", (col) => col.notNull())
		.execute();

	await db.schema.alterTable("purchase_requests").addColumn("anonymised_at", "text").execute();

	for (const [column, type, value] of [
		["retention_months", "integer", 36],
		["seller_legal_name", "text", ""],
		["seller_inn", "text", ""],
		["seller_ogrn", "text", ""],
		["seller_legal_address", "text", ""],
		["privacy_email", "text", ""],
		["sales_email", "text", ""],
		["shop_name_en", "text", "Art shop"],
	] as const) {
		await db.schema
			.alterTable("settings")
			.addColumn(column, type, (col) => col.notNull().defaultTo(value))
			.execute();
	}

	const now = new Date().toISOString();
	await db
		.insertInto("consent_texts")
		.values([
			{ purpose: "purchase", version: 1, body_en: PURCHASE_EN, body_ru: PURCHASE_RU, created_at: now },
			{ purpose: "account", version: 1, body_en: ACCOUNT_EN, body_ru: ACCOUNT_RU, created_at: now },
		])
		.execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	for (const column of [
		"shop_name_en",
		"sales_email",
		"privacy_email",
		"seller_legal_address",
		"seller_ogrn",
		"seller_inn",
		"seller_legal_name",
		"retention_months",
	]) {
		await db.schema.alterTable("settings").dropColumn(column).execute();
	}
	await db.schema.alterTable("purchase_requests").dropColumn("anonymised_at").execute();
	await db.schema.dropTable("personal_data_links").execute();
	await db.schema.dropTable("consents").execute();
	await db.schema.dropTable("consent_texts").execute();
}
