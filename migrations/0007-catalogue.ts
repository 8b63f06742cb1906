import { type Kysely, sql } from "kysely";

/**
 * The catalogue a gallery can run (issue #12): artists become records that projects point to, projects get
 * a status, a featured place, an availability and their facts, requests get a note and remember whether a
 * price was shown. Runs inside the migrator's transaction: a failure half-way leaves the old schema.
 */

function fold(text: string): string {
	return text.trim().toLowerCase().replaceAll("ё", "е");
}

const CYRILLIC = "абвгдежзийклмнопрстуфхцчшщъыьэюя";
const LATIN = "a b v g d e zh z i y k l m n o p r s t u f kh ts ch sh shch  y  e yu ya".split(" ");

function slugify(text: string): string {
	return [...fold(text)]
		.map((char) => {
			const index = CYRILLIC.indexOf(char);
			return index >= 0 ? (LATIN[index] ?? "") : char;
		})
		.join("")
		.replace(/[^a-z0-9]+/g, "-")
		.replace(/^-+|-+$/g, "");
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow today's Database type
export async function up(db: Kysely<any>): Promise<void> {
	await db.schema
		.alterTable("artists")
		.addColumn("city_en", "text", (col) => col.notNull().defaultTo(""))
		.execute();
	await db.schema
		.alterTable("artists")
		.addColumn("city_ru", "text", (col) => col.notNull().defaultTo(""))
		.execute();
	await db.schema.alterTable("artists").addColumn("website", "text").execute();

	// Every designer string becomes an artist: matched to an existing one ignoring case (and ё/е), else a new
	// record named as the string first spelled it.
	await db.schema
		.alterTable("projects")
		.addColumn("artist_id", "text", (col) =>
			col.references("artists.id").onUpdate("cascade").onDelete("restrict"),
		)
		.execute();
	const artists: Array<{ id: string; name: string; sort_order: number }> = await db
		.selectFrom("artists")
		.select(["id", "name", "sort_order"])
		.execute();
	const byName = new Map(artists.map((artist) => [fold(artist.name), artist.id]));
	const ids = new Set(artists.map((artist) => artist.id));
	let order = Math.max(0, ...artists.map((artist) => artist.sort_order));
	const designers: Array<{ designer: string }> = await db
		.selectFrom("projects")
		.select("designer")
		.distinct()
		.orderBy("designer")
		.execute();
	for (const { designer } of designers) {
		const key = fold(designer);
		let artistId = byName.get(key);
		if (!artistId) {
			const base = slugify(designer) || "artist";
			let candidate = base;
			for (let n = 2; ids.has(candidate); n++) candidate = `${base}-${n}`;
			order += 1;
			await db
				.insertInto("artists")
				.values({ id: candidate, name: designer.trim() || candidate, sort_order: order })
				.execute();
			ids.add(candidate);
			byName.set(key, candidate);
			artistId = candidate;
		}
		await db.updateTable("projects").set({ artist_id: artistId }).where("designer", "=", designer).execute();
	}
	await sql`drop index if exists projects_designer_idx`.execute(db);
	await db.schema.alterTable("projects").dropColumn("designer").execute();
	await db.schema.createIndex("projects_artist_idx").on("projects").column("artist_id").execute();

	await db.schema
		.alterTable("projects")
		.addColumn("status", "text", (col) =>
			col.notNull().defaultTo("published").check(sql`status in ('draft','published')`),
		)
		.execute();
	await db.schema
		.alterTable("projects")
		.addColumn("featured", "integer", (col) => col.notNull().defaultTo(0).check(sql`featured in (0, 1)`))
		.execute();
	await db.schema
		.alterTable("projects")
		.addColumn("featured_order", "integer", (col) => col.notNull().defaultTo(0))
		.execute();
	await db.schema
		.alterTable("projects")
		.addColumn("availability", "text", (col) =>
			col.notNull().defaultTo("available").check(sql`availability in ('available','reserved','sold')`),
		)
		.execute();
	for (const column of ["dimensions", "materials_en", "materials_ru"]) {
		await db.schema
			.alterTable("projects")
			.addColumn(column, "text", (col) => col.notNull().defaultTo(""))
			.execute();
	}
	await db.schema.alterTable("projects").addColumn("year", "integer").execute();
	// How many copies were made; null for unique or open-ended pieces.
	await db.schema.alterTable("projects").addColumn("edition_size", "integer").execute();
	await db.schema
		.createIndex("projects_status_idx")
		.on("projects")
		.columns(["status", "created_at"])
		.execute();

	await db.schema
		.alterTable("project_images")
		.addColumn("alt_text_ru", "text", (col) => col.notNull().defaultTo(""))
		.execute();

	await db.schema
		.alterTable("purchase_requests")
		.addColumn("note", "text", (col) => col.notNull().defaultTo(""))
		.execute();
	await db.schema
		.alterTable("purchase_requests")
		.addColumn("price_shown", "integer", (col) =>
			col.notNull().defaultTo(1).check(sql`price_shown in (0, 1)`),
		)
		.execute();
	await db.schema
		.alterTable("purchase_requests")
		.addColumn("kind", "text", (col) =>
			col.notNull().defaultTo("purchase").check(sql`kind in ('purchase','similar')`),
		)
		.execute();
	// A request a piece saved without a price was made for says so.
	await db.updateTable("purchase_requests").set({ price_shown: 0 }).where("project_price", "=", 0).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
	for (const column of ["kind", "price_shown", "note"]) {
		await db.schema.alterTable("purchase_requests").dropColumn(column).execute();
	}
	await db.schema.alterTable("project_images").dropColumn("alt_text_ru").execute();
	await sql`drop index if exists projects_status_idx`.execute(db);
	for (const column of [
		"edition_size",
		"year",
		"materials_ru",
		"materials_en",
		"dimensions",
		"availability",
		"featured_order",
		"featured",
		"status",
	]) {
		await db.schema.alterTable("projects").dropColumn(column).execute();
	}
	await db.schema
		.alterTable("projects")
		.addColumn("designer", "text", (col) => col.notNull().defaultTo(""))
		.execute();
	await sql`update projects set designer = coalesce((select name from artists where artists.id = projects.artist_id), '')`.execute(
		db,
	);
	await sql`drop index if exists projects_artist_idx`.execute(db);
	await db.schema.alterTable("projects").dropColumn("artist_id").execute();
	await db.schema.createIndex("projects_designer_idx").on("projects").column("designer").execute();
	for (const column of ["website", "city_ru", "city_en"]) {
		await db.schema.alterTable("artists").dropColumn(column).execute();
	}
}
