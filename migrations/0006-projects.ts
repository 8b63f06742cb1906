import { type Kysely, sql } from "kysely";
import { createContentVersionTriggers, dropContentVersionTriggers } from "../db/dialect";

/**
 * One word for the thing we sell (docs/decisions/0009): the catalogue's tables and columns say "project",
 * as its screens and URLs do. SQLite's RENAME carries rows, foreign keys and trigger bodies along; index
 * and trigger names are made again so no schema name says "product".
 */
const RENAMED_TABLES = [
	["products", "projects"],
	["product_images", "project_images"],
] as const;

const RENAMED_COLUMNS = [
	["project_images", "product_id", "project_id"],
	["favourites", "product_id", "project_id"],
	["purchase_requests", "product_id", "project_id"],
	["purchase_requests", "product_name", "project_name"],
	["purchase_requests", "product_price", "project_price"],
] as const;

const INDEXES = {
	old: [
		["products_category_idx", "products", "category"],
		["products_designer_idx", "products", "designer"],
		["product_images_product_idx", "product_images", "product_id, sort_order"],
	],
	new: [
		["projects_category_idx", "projects", "category"],
		["projects_designer_idx", "projects", "designer"],
		["project_images_project_idx", "project_images", "project_id, sort_order"],
	],
} as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
async function rename(db: Kysely<any>, direction: "up" | "down"): Promise<void> {
	const forward = direction === "up";
	const from = forward ? INDEXES.old : INDEXES.new;
	const to = forward ? INDEXES.new : INDEXES.old;
	for (const [name] of from) await sql.raw(`drop index if exists ${name}`).execute(db);
	for (const [oldTable, newTable] of RENAMED_TABLES) {
		const [source, target] = forward ? [oldTable, newTable] : [newTable, oldTable];
		await dropContentVersionTriggers(db, source);
		await sql.raw(`alter table ${source} rename to ${target}`).execute(db);
	}
	for (const [table, oldColumn, newColumn] of RENAMED_COLUMNS) {
		const tableName = forward ? table : table.replace("project_images", "product_images");
		const [source, target] = forward ? [oldColumn, newColumn] : [newColumn, oldColumn];
		await sql.raw(`alter table ${tableName} rename column ${source} to ${target}`).execute(db);
	}
	for (const [name, table, columns] of to)
		await sql.raw(`create index ${name} on ${table} (${columns})`).execute(db);
	for (const [oldTable, newTable] of RENAMED_TABLES)
		await createContentVersionTriggers(db, forward ? newTable : oldTable);
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function up(db: Kysely<any>): Promise<void> {
	// Runs inside the migrator's transaction (db/connection.ts): a rename that fails half-way leaves the old schema.
	await rename(db, "up");
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
	await rename(db, "down");
}
