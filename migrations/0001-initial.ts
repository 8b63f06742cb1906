import { type Kysely, sql } from "kysely";
import { generatedId, installPostgresCompatibility, nowDefault } from "../db/dialect";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	// Postgres first gets what SQLite has built in (the nocase collation the unique indexes below use).
	await installPostgresCompatibility(db);
	const now = nowDefault(db);
	const id = generatedId(db);
	await db.schema
		.createTable("products")
		.addColumn("id", "text", (col) => col.primaryKey())
		.addColumn("name", "text", (col) => col.notNull())
		.addColumn("designer", "text", (col) => col.notNull())
		.addColumn("price", "integer", (col) => col.notNull().defaultTo(0).check(sql`price >= 0`))
		.addColumn("category", "text", (col) =>
			col
				.notNull()
				.defaultTo("uncategorized")
				.check(
					sql`category in ('furniture','clothing','design','art','branding','creative','uncategorized')`,
				),
		)
		.addColumn("description_en", "text", (col) => col.notNull().defaultTo(""))
		.addColumn("description_ru", "text", (col) => col.notNull().defaultTo(""))
		.addColumn("image", "text")
		.addColumn("image_width", "integer")
		.addColumn("image_height", "integer")
		.addColumn("link", "text")
		.addColumn("created_at", "text", (col) => col.notNull().defaultTo(now))
		.addColumn("updated_at", "text", (col) => col.notNull().defaultTo(now))
		.execute();
	await db.schema.createIndex("products_category_idx").on("products").column("category").execute();
	await db.schema.createIndex("products_designer_idx").on("products").column("designer").execute();

	await db.schema
		.createTable("product_images")
		.addColumn("id", "integer", id)
		.addColumn("product_id", "text", (col) =>
			col.notNull().references("products.id").onDelete("cascade").onUpdate("cascade"),
		)
		.addColumn("image_url", "text", (col) => col.notNull())
		.addColumn("image_width", "integer")
		.addColumn("image_height", "integer")
		.addColumn("alt_text", "text", (col) => col.notNull().defaultTo(""))
		.addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
		.execute();
	await db.schema
		.createIndex("product_images_product_idx")
		.on("product_images")
		.columns(["product_id", "sort_order"])
		.execute();

	await db.schema
		.createTable("hero_slides")
		.addColumn("id", "integer", id)
		.addColumn("title_en", "text", (col) => col.notNull())
		.addColumn("title_ru", "text", (col) => col.notNull())
		.addColumn("subtitle_en", "text", (col) => col.notNull())
		.addColumn("subtitle_ru", "text", (col) => col.notNull())
		.addColumn("image_url", "text", (col) => col.notNull())
		.addColumn("image_width", "integer")
		.addColumn("image_height", "integer")
		.addColumn("category", "text", (col) =>
			col.notNull().defaultTo("furniture").check(sql`category in ('furniture','clothing','art','design')`),
		)
		.addColumn("sort_order", "integer", (col) => col.notNull())
		.addColumn("is_active", "integer", (col) => col.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
		.addColumn("created_at", "text", (col) => col.notNull().defaultTo(now))
		.addColumn("updated_at", "text", (col) => col.notNull().defaultTo(now))
		.execute();

	await db.schema
		.createTable("artists")
		.addColumn("id", "text", (col) => col.primaryKey())
		.addColumn("name", "text", (col) => col.notNull().unique())
		.addColumn("image", "text")
		.addColumn("image_width", "integer")
		.addColumn("image_height", "integer")
		.addColumn("description_en", "text", (col) => col.notNull().defaultTo(""))
		.addColumn("description_ru", "text", (col) => col.notNull().defaultTo(""))
		.addColumn("sort_order", "integer", (col) => col.notNull().defaultTo(0))
		.execute();

	await db.schema
		.createTable("users")
		.addColumn("id", "integer", id)
		.addColumn("username", "text", (col) => col.notNull())
		.addColumn("email", "text", (col) => col.notNull())
		.addColumn("phone", "text")
		.addColumn("password_hash", "text", (col) => col.notNull())
		.addColumn("role", "text", (col) => col.notNull().defaultTo("user").check(sql`role in ('user','admin')`))
		.addColumn("status", "text", (col) =>
			col.notNull().defaultTo("active").check(sql`status in ('active','blocked')`),
		)
		.addColumn("created_at", "text", (col) => col.notNull().defaultTo(now))
		.addColumn("updated_at", "text", (col) => col.notNull().defaultTo(now))
		.execute();
	// Usernames and emails are unique regardless of letter case.
	await sql`create unique index users_username_unique on users (username collate nocase)`.execute(db);
	await sql`create unique index users_email_unique on users (email collate nocase)`.execute(db);

	await db.schema
		.createTable("sessions")
		.addColumn("id", "text", (col) => col.primaryKey())
		.addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
		.addColumn("created_at", "text", (col) => col.notNull().defaultTo(now))
		.addColumn("expires_at", "text", (col) => col.notNull())
		.execute();
	await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

	await db.schema
		.createTable("settings")
		.addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
		.addColumn("shop_name", "text", (col) => col.notNull().defaultTo("Художественный магазин"))
		.addColumn("shop_description", "text", (col) => col.notNull().defaultTo(""))
		.addColumn("maintenance_mode", "integer", (col) => col.notNull().defaultTo(0))
		.addColumn("allow_registration", "integer", (col) => col.notNull().defaultTo(1))
		.addColumn("email_notifications", "integer", (col) => col.notNull().defaultTo(1))
		.addColumn("admin_email", "text", (col) => col.notNull().defaultTo(""))
		.addColumn("audio_url", "text", (col) => col.notNull().defaultTo("/audio/forma-loop.mp3"))
		.addColumn("updated_at", "text", (col) => col.notNull().defaultTo(now))
		.execute();
	await db.insertInto("settings").values({ id: 1 }).execute();

	await db.schema
		.createTable("app_meta")
		.addColumn("key", "text", (col) => col.primaryKey())
		.addColumn("value", "text", (col) => col.notNull())
		.execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	for (const table of [
		"app_meta",
		"settings",
		"sessions",
		"users",
		"artists",
		"hero_slides",
		"product_images",
		"products",
	]) {
		await db.schema.dropTable(table).execute();
	}
}
