import { type Kysely, sql } from "kysely";
import { generatedId, nowDefault } from "../db/dialect";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	const now = nowDefault(db);
	const id = generatedId(db);
	// A request keeps a snapshot of what was asked for, so it stays meaningful if the project later changes
	// or is deleted; a moved project (new id) carries its requests along.
	await db.schema
		.createTable("purchase_requests")
		.addColumn("id", "integer", id)
		.addColumn("product_id", "text", (col) =>
			col.references("products.id").onDelete("set null").onUpdate("cascade"),
		)
		.addColumn("product_name", "text", (col) => col.notNull())
		.addColumn("product_price", "integer", (col) => col.notNull())
		.addColumn("email", "text", (col) => col.notNull())
		.addColumn("phone", "text", (col) => col.notNull())
		.addColumn("user_id", "integer", (col) => col.references("users.id").onDelete("set null"))
		.addColumn("status", "text", (col) =>
			col.notNull().defaultTo("new").check(sql`status in ('new','in_progress','done','cancelled')`),
		)
		.addColumn("created_at", "text", (col) => col.notNull().defaultTo(now))
		.addColumn("updated_at", "text", (col) => col.notNull().defaultTo(now))
		.execute();
	await db.schema
		.createIndex("purchase_requests_status_idx")
		.on("purchase_requests")
		.columns(["status", "created_at"])
		.execute();
	await db.schema
		.createIndex("purchase_requests_user_idx")
		.on("purchase_requests")
		.column("user_id")
		.execute();
	await sql`create index purchase_requests_email_idx on purchase_requests (email collate nocase)`.execute(db);

	await db.schema
		.createTable("favourites")
		.addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
		.addColumn("product_id", "text", (col) =>
			col.notNull().references("products.id").onDelete("cascade").onUpdate("cascade"),
		)
		.addColumn("created_at", "text", (col) => col.notNull().defaultTo(now))
		.addPrimaryKeyConstraint("favourites_pk", ["user_id", "product_id"])
		.execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	await db.schema.dropTable("favourites").execute();
	await db.schema.dropTable("purchase_requests").execute();
}
