import { type Kysely, sql } from "kysely";
import { type Snapshot, snapshotOf } from "~/lib/activity";
import { type Paged, pageWindow, type SortDirection } from "~/lib/admin-list";
import type { ProjectAvailability, ProjectCategory, ProjectStatus } from "~/lib/categories";
import type { ArtCollection } from "~/lib/collections";
import { db } from "~/lib/db.server";
import type { FormClaim } from "~/lib/form-token.server";
import type { Language } from "~/lib/i18n";
import type { StoredImage } from "~/lib/images";
import { CATALOGUE_PAGE_SIZE } from "~/lib/paging";
import type { ProjectSummary } from "~/lib/project-summary";
import { indexProjects } from "~/lib/search/documents.server";
import { slugFromName } from "~/lib/transliteration";
import { localizedWritten, typesetName } from "~/lib/typography.server";
import { foldForSearch } from "~db/connection";
import type { Database, Project, ProjectImage } from "~db/schema";
import { type Actor, moveActivity, movedTo, type NonStaffActor, recordActivity } from "./activity.server";
import { countPublished } from "./catalogue-counts.server";
import { changedAnything, EditConflictError, nextVersion } from "./edit-conflicts.server";
import { claimFormToken, settleFormToken } from "./form-submissions.server";
import { moveSaleRowsWithPiece } from "./holds.server";
import { toStoredImage } from "./stored-image.server";

/** A project row with its artist's name (the display "designer") and its cover: its own image, else its first gallery image. */
export type ProjectRecord = Project & {
	designer: string;
	cover: string | null;
	cover_width: number | null;
	cover_height: number | null;
};

export interface ProjectVisibility {
	/** Admins see drafts; everyone else sees published projects only. */
	includeDrafts?: boolean;
}

const firstGalleryImage = (column: "image_url" | "image_width" | "image_height") =>
	sql.raw(
		`(select gi.${column} from project_images gi where gi.project_id = projects.id order by gi.sort_order, gi.id limit 1)`,
	);

/** The one way project reads start: joined to the artist, with the cover worked out, drafts left out unless asked. */
export function selectProjects(visibility: ProjectVisibility = {}) {
	let query = db
		.selectFrom("projects")
		.leftJoin("artists", "artists.id", "projects.artist_id")
		.selectAll("projects")
		.select([
			sql<string>`coalesce(artists.name, '')`.as("designer"),
			sql<string | null>`coalesce(projects.image, ${firstGalleryImage("image_url")})`.as("cover"),
			sql<
				number | null
			>`case when projects.image is null then ${firstGalleryImage("image_width")} else projects.image_width end`.as(
				"cover_width",
			),
			sql<
				number | null
			>`case when projects.image is null then ${firstGalleryImage("image_height")} else projects.image_height end`.as(
				"cover_height",
			),
		]);
	if (!visibility.includeDrafts) query = query.where("projects.status", "=", "published");
	return query;
}

export function toProjectSummary(project: ProjectRecord, language: Language): ProjectSummary {
	return {
		id: project.id,
		name: typesetName(project.name),
		designer: typesetName(project.designer),
		artistId: project.artist_id,
		price: project.price,
		category: project.category,
		description: localizedWritten(language, project.description_en, project.description_ru),
		image: toStoredImage({
			image: project.cover,
			image_width: project.cover_width,
			image_height: project.cover_height,
		}),
		link: project.link,
		availability: project.availability,
		status: project.status,
	};
}

export async function getProjectById(
	id: string,
	visibility: ProjectVisibility = {},
): Promise<ProjectRecord | undefined> {
	return selectProjects(visibility).where("projects.id", "=", id).executeTakeFirst();
}

/**
 * A project by the id an open edit page knows it by: its id, or the id it had before a move (another
 * administrator changed its custom id meanwhile). The save then meets the move as an edit conflict, with
 * the visitor's input kept, instead of "not found".
 */
export async function getProjectByKnownId(
	id: string,
	visibility: ProjectVisibility = {},
): Promise<ProjectRecord | undefined> {
	const project = await getProjectById(id, visibility);
	if (project) return project;
	const movedId = await movedTo("project", id);
	return movedId ? getProjectById(movedId, visibility) : undefined;
}

/** The name of the artist of project `id` ("" when it has none), read with `executor`. */
export async function getArtistNameOfProject(id: string, executor: Kysely<Database> = db): Promise<string> {
	const row = await executor
		.selectFrom("projects")
		.leftJoin("artists", "artists.id", "projects.artist_id")
		.select("artists.name")
		.where("projects.id", "=", id)
		.executeTakeFirst();
	return row?.name ?? "";
}

/** The piece's main picture, or null (a request's confirmation shows it small). */
export async function getProjectCover(
	id: string,
	executor: Kysely<Database> = db,
): Promise<StoredImage | null> {
	const row = await executor
		.selectFrom("projects")
		.select(["image", "image_width", "image_height"])
		.where("id", "=", id)
		.executeTakeFirst();
	return row ? toStoredImage(row) : null;
}

/** The project's gallery, in its saved order. */
export async function listProjectImages(projectId: string): Promise<ProjectImage[]> {
	return db
		.selectFrom("project_images")
		.selectAll()
		.where("project_id", "=", projectId)
		.orderBy("sort_order")
		.orderBy("id")
		.execute();
}

export const SHOP_SORTS = ["newest", "price-asc", "price-desc"] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

/**
 * A piece's availability as the first key of every public order: available 0, reserved 1, sold 2 (the
 * search ranks them so too). Written exactly as migration 0024's indexes hold it, or neither database
 * would match the expression to them.
 */
const AVAILABILITY_RANK = sql<number>`(case projects.availability when 'available' then 0 when 'reserved' then 1 else 2 end)`;

/** "Has a price" as an order key: "Price on request" (0) comes last, either way (migration 0024). */
const PRICED = sql`projects.price > 0 desc`;

/**
 * The orders a public list takes, each read straight from an index of migration 0024 (never sorted per
 * request): available pieces first, then newest first, or by price with the pieces without one ("Price on
 * request") last both ways. Ties fall to the newest, then the id, so a page boundary never moves.
 */
const PUBLIC_ORDER = {
	newest: [AVAILABILITY_RANK, sql`projects.created_at desc`, sql`projects.id desc`],
	"price-asc": [
		AVAILABILITY_RANK,
		PRICED,
		sql`projects.price`,
		sql`projects.created_at desc`,
		sql`projects.id desc`,
	],
	"price-desc": [
		AVAILABILITY_RANK,
		PRICED,
		sql`projects.price desc`,
		sql`projects.created_at desc`,
		sql`projects.id desc`,
	],
} satisfies Record<ShopSort, unknown[]>;

/**
 * A list's order, less the keys its filter holds constant at the head of the order: every available piece
 * ranks 0, and then every piece in a price range has a price. Left in, they hid the order's index from
 * SQLite, which then sorted the matches. (Of all availabilities, the rank comes first: a price range is
 * then checked in the index as it is walked in order.)
 */
function publicOrder(sort: ShopSort, filter: CatalogueFilter) {
	const ranged = filter.price?.min !== undefined || filter.price?.max !== undefined;
	return PUBLIC_ORDER[sort].filter(
		(term) =>
			!(filter.availableOnly && term === AVAILABILITY_RANK) &&
			!(filter.availableOnly && ranged && term === PRICED),
	);
}

/** A price range in whole rubles, either end open. A range holds priced pieces only, never "on request". */
export interface PriceRange {
	min?: number;
	max?: number;
}

/** What a public list holds: published pieces, narrowed by category, artist and a visitor's words. */
export interface CatalogueFilter {
	/** Any of these categories (none: every category). */
	categories?: readonly ProjectCategory[];
	artistId?: string;
	/** Free text, matched in name, artist and both descriptions (see whereTextMatches). */
	query?: string;
	/** Only pieces that can be bought now (the shop's "available only"). */
	availableOnly?: boolean;
	/** Leave sold pieces out (blocks that offer pieces: Featured, "you may also like"). */
	unsold?: boolean;
	price?: PriceRange;
	collection?: ArtCollection;
}

/** Whether a filter narrows by something catalogue_counts does not count (it counts category and artist). */
function needsIndexCount(filter: CatalogueFilter): boolean {
	return Boolean(
		filter.availableOnly ||
			filter.unsold ||
			filter.collection ||
			filter.price?.min !== undefined ||
			filter.price?.max !== undefined,
	);
}

/** The ids of the published pieces a filter lets through, unordered (ordered and sliced by the caller). */
function publishedIds(filter: CatalogueFilter = {}) {
	let query = db.selectFrom("projects").where("projects.status", "=", "published");
	const categories = filter.categories ?? [];
	if (categories.length === 1)
		query = query.where("projects.category", "=", categories[0] as ProjectCategory);
	else if (categories.length > 1) query = query.where("projects.category", "in", categories);
	if (filter.artistId) query = query.where("projects.artist_id", "=", filter.artistId);
	if (filter.collection) query = query.where("projects.collection", "=", filter.collection);
	if (filter.availableOnly) query = query.where(AVAILABILITY_RANK, "=", 0);
	else if (filter.unsold) query = query.where(AVAILABILITY_RANK, "<", 2);
	const { min, max } = filter.price ?? {};
	if (min !== undefined || max !== undefined) {
		// Written as the price indexes hold it, so a range is a range of the index.
		query = query.where(sql<boolean>`(projects.price > 0) = true`);
		if (min !== undefined) query = query.where("projects.price", ">=", min);
		if (max !== undefined) query = query.where("projects.price", "<=", max);
	}
	const text = filter.query?.trim();
	// Only a text query needs the artist's name: without it the ids come from an index alone.
	if (text) return query.leftJoin("artists", "artists.id", "projects.artist_id").where(textMatches(text));
	return query;
}

/**
 * The visitor's words as a condition on a query over projects joined to artists: today a scan for the
 * folded text in name, artist and both descriptions, ignoring case (Cyrillic too) and ё/е. The one place a
 * text query touches the catalogue, so a search index can take its place (issue #34).
 */
function textMatches(text: string) {
	return sql<boolean>`instr(search_fold(projects.name || ' ' || coalesce(artists.name, '') || ' ' || projects.description_en || ' ' || projects.description_ru), ${foldForSearch(text)}) > 0`;
}

/**
 * One page of a public list, in two reads: the page's ids, from the index that holds the filter and the
 * order (an index-only read, however deep the page), then those rows with their artist and cover, by id.
 * (Asked in one statement, a database may answer the second part by walking the list's index in order,
 * looking for the page's ids: the whole index, for a deep page.)
 */
export async function listPublishedPage(
	filter: CatalogueFilter,
	slice: { offset: number; limit: number },
	sort: ShopSort = "newest",
): Promise<ProjectRecord[]> {
	let query = publishedIds(filter).select("projects.id");
	for (const term of publicOrder(sort, filter)) query = query.orderBy(term);
	const ids = (await query.limit(slice.limit).offset(slice.offset).execute()).map((row) => row.id);
	if (ids.length === 0) return [];
	const rows = await selectProjects().where("projects.id", "in", ids).execute();
	const place = new Map(ids.map((id, index) => [id, index]));
	return rows.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
}

/**
 * How many published pieces a filter lets through: from the maintained counts (a few rows) when it narrows
 * by category and artist alone; else counted in the index that holds the filter (an index-only count of
 * the matches, no row read), or, for text, by the matching itself.
 */
export async function countPublishedProjects(filter: CatalogueFilter = {}): Promise<number> {
	// Availability, a price range or a collection: counted in the list's own index, never its rows.
	if (!filter.query?.trim() && !needsIndexCount(filter)) return countPublished(filter);
	const { total } = await publishedIds(filter)
		.select((eb) => eb.fn.countAll<number>().as("total"))
		.executeTakeFirstOrThrow();
	return Number(total);
}

/** An artist's newest published works: the first `limit` of them. */
export async function listProjectsByArtist(
	artistId: string,
	limit = CATALOGUE_PAGE_SIZE,
): Promise<ProjectRecord[]> {
	return listPublishedPage({ artistId }, { offset: 0, limit });
}

/**
 * Other published works of the same category, available first, then newest: "You may also like". Sold
 * pieces are left out: the block offers pieces to buy (issue #35).
 */
export async function listRelatedProjects(
	project: Pick<Project, "id" | "category" | "artist_id">,
	limit: number,
): Promise<ProjectRecord[]> {
	let query = selectProjects()
		.where("projects.category", "=", project.category)
		.where(AVAILABILITY_RANK, "<", 2)
		.where("projects.id", "!=", project.id);
	if (project.artist_id)
		query = query.where((eb) =>
			eb.or([eb("projects.artist_id", "is", null), eb("projects.artist_id", "!=", project.artist_id)]),
		);
	for (const term of PUBLIC_ORDER.newest) query = query.orderBy(term);
	return query.limit(limit).execute();
}

/**
 * The home page's Featured block: the works admins marked as featured, in their order; when none are
 * marked (or every one has sold), the newest published works. Sold pieces are left out either way: the
 * block offers pieces to buy (issue #35); an admin sees the sold mark in the projects list.
 */
export async function listFeaturedProjects(limit: number): Promise<ProjectRecord[]> {
	const featured = await selectProjects()
		.where("projects.featured", "=", 1)
		.where("projects.availability", "!=", "sold")
		.orderBy("projects.featured_order")
		.orderBy("projects.created_at", "desc")
		.limit(limit)
		.execute();
	if (featured.length > 0) return featured;
	return listPublishedPage({ unsold: true }, { offset: 0, limit });
}

/** A published piece as the sitemap lists it: its address, when it changed, its cover. */
export interface SitemapProject {
	id: string;
	updated_at: string;
	cover: string | null;
}

/**
 * The id of the `offset`-th published piece by id (a sitemap file's first), found in the (status, id)
 * index without reading a row.
 */
export async function findPublishedIdAt(offset: number): Promise<string | undefined> {
	const row = await db
		.selectFrom("projects")
		.select("id")
		.where("status", "=", "published")
		.orderBy("id")
		.limit(1)
		.offset(offset)
		.executeTakeFirst();
	return row?.id;
}

/**
 * Up to `limit` published pieces by id, from `after.id` on (itself too when `inclusive`): the sitemap reads
 * a file in such steps, each starting where the last ended, so no step reads more than it sends.
 */
export async function listPublishedForSitemap(
	after: { id: string; inclusive: boolean },
	limit: number,
): Promise<SitemapProject[]> {
	return db
		.selectFrom("projects")
		.select([
			"projects.id",
			"projects.updated_at",
			sql<string | null>`coalesce(projects.image, ${firstGalleryImage("image_url")})`.as("cover"),
		])
		.where("projects.status", "=", "published")
		.where("projects.id", after.inclusive ? ">=" : ">", after.id)
		.orderBy("projects.id")
		.limit(limit)
		.execute();
}

// ---------------------------------------------------------------------------------------------------------
// Admin: create, update (and move), delete. Images are stored before these run (slow, outside the
// transaction); each function returns the image keys its change stopped using, for the caller to remove
// from disk with deleteImageIfUnused once the transaction has committed.

export const ADMIN_PROJECT_SORTS = ["created", "id", "name", "designer", "category", "price"] as const;
export type AdminProjectSort = (typeof ADMIN_PROJECT_SORTS)[number];

/** The column each sort key orders by: a whitelist, so no client string ever reaches the SQL. */
const ADMIN_PROJECT_ORDER = {
	created: sql`projects.created_at`,
	id: sql`projects.id`,
	name: sql`search_fold(projects.name)`,
	designer: sql`search_fold(coalesce(artists.name, ''))`,
	category: sql`projects.category`,
	price: sql`projects.price`,
} satisfies Record<AdminProjectSort, unknown>;

/**
 * One page of the admin list, drafts included: `query` matches the name, the artist or the id, ignoring
 * case (Cyrillic too) and ё/е; sorted by a whitelisted column, newest first by default. A page past the end
 * gives the last page.
 */
export async function listProjectsForAdmin(
	options: { query?: string; sort?: AdminProjectSort; direction?: SortDirection; page?: number } = {},
): Promise<Paged<ProjectRecord>> {
	const text = options.query?.trim();
	const sort = ADMIN_PROJECT_SORTS.includes(options.sort as AdminProjectSort) ? options.sort : "created";
	// The artist's name is needed to match a query or to sort by designer; otherwise the ids come from
	// projects alone (the default order, newest first, from an index).
	let ids = db.selectFrom("projects").leftJoin("artists", "artists.id", "projects.artist_id");
	if (text) {
		ids = ids.where(
			sql<number>`instr(search_fold(projects.name || ' ' || coalesce(artists.name, '') || ' ' || projects.id), ${foldForSearch(text)})`,
			">",
			0,
		);
	}
	const counted = text ? ids : db.selectFrom("projects");
	const { total } = await counted
		.select((eb) => eb.fn.countAll<number>().as("total"))
		.executeTakeFirstOrThrow();
	const window = pageWindow(Number(total), options.page ?? 1);
	const direction = options.direction === "asc" ? sql`asc` : sql`desc`;
	const page = await ids
		.select("projects.id")
		.orderBy(sql`${ADMIN_PROJECT_ORDER[sort ?? "created"]} ${direction}`)
		.orderBy("projects.created_at", "desc")
		.orderBy("projects.id")
		.limit(window.limit)
		.offset(window.offset)
		.execute();
	const rows =
		page.length > 0
			? await selectProjects({ includeDrafts: true })
					.where(
						"projects.id",
						"in",
						page.map((row) => row.id),
					)
					.execute()
			: [];
	const place = new Map(page.map((row, index) => [row.id, index]));
	rows.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
	return { rows, total: Number(total), page: window.page, pageCount: window.pageCount };
}

/** What the project form edits, apart from the id and the images. */
export interface ProjectFields {
	name: string;
	artist_id: string;
	category: ProjectCategory;
	/** Whole rubles; 0 is "Price on request". */
	price: number;
	link: string | null;
	description_en: string;
	description_ru: string;
	status: ProjectStatus;
	featured: number;
	featured_order: number;
	availability: ProjectAvailability;
	dimensions: string;
	materials_en: string;
	materials_ru: string;
	year: number | null;
	edition_size: number | null;
	/** The art collection; left out, a save keeps the one the piece has. */
	collection?: ArtCollection | null;
}

export interface SavedImageRef {
	key: string;
	width: number;
	height: number;
}

/** One place in the gallery's new order: a row the project already has, or a freshly stored image. */
export type GalleryEntry = { rowId: number; alt?: GalleryAlt } | { image: SavedImageRef };

/** A gallery picture's alt text, in English and in Russian. */
export interface GalleryAlt {
	en: string;
	ru: string;
}

export class ProjectNotFoundError extends Error {
	override name = "ProjectNotFoundError";
	constructor(readonly id: string) {
		super(`Project with ID ${id} not found`);
	}
}

export class ProjectIdTakenError extends Error {
	override name = "ProjectIdTakenError";
	constructor(readonly id: string) {
		super(`A project with ID ${id} already exists`);
	}
}

/** Longest id made from a name: room is left for a "-2" suffix within the form's 80 characters. */
const MAX_GENERATED_ID_LENGTH = 70;

/**
 * The id (and address, /project/<id>) of a piece created without one: its name, transliterated
 * ("Кресло «Волна»" → "kreslo-volna"), with -2, -3… when taken. The spec's `project-<timestamp>` made
 * addresses nobody could read or tell apart (issue #35, docs/decisions/0033-staff-tools-round-3.md).
 */
export async function projectIdFromName(
	name: string,
	taken: (id: string) => Promise<boolean> = projectIdExists,
): Promise<string> {
	const base = slugFromName(name, MAX_GENERATED_ID_LENGTH) || "piece";
	if (!(await taken(base))) return base;
	for (let suffix = 2; suffix < 100; suffix++) {
		const id = `${base}-${suffix}`;
		if (!(await taken(id))) return id;
	}
	// A hundred pieces of one name: the clock tells this one apart.
	return `${base}-${Date.now().toString(36)}`;
}

export async function projectIdExists(id: string): Promise<boolean> {
	return Boolean(await db.selectFrom("projects").select("id").where("id", "=", id).executeTakeFirst());
}

/** A project as the audit trail records it: its fields, its artist's name and its gallery's images in order. */
async function auditedProject(executor: Kysely<Database>, project: Project): Promise<Snapshot> {
	const artist = project.artist_id
		? await executor
				.selectFrom("artists")
				.select("name")
				.where("id", "=", project.artist_id)
				.executeTakeFirst()
		: undefined;
	const gallery = await executor
		.selectFrom("project_images")
		.select(["image_url", "alt_text", "alt_text_ru"])
		.where("project_id", "=", project.id)
		.orderBy("sort_order")
		.orderBy("id")
		.execute();
	return snapshotOf("project", {
		...project,
		artist: artist?.name ?? project.artist_id,
		gallery: gallery.map((row) => row.image_url),
		gallery_alt: gallery
			.map((row, index) =>
				row.alt_text || row.alt_text_ru ? `${index + 1}. ${row.alt_text} / ${row.alt_text_ru}` : "",
			)
			.filter(Boolean)
			.join("\n"),
	});
}

/** Adds a project with its gallery; `actor`, the administrator, is recorded in the audit trail with it. */
export async function createProject(
	input: {
		id: string;
		fields: ProjectFields;
		image: SavedImageRef | null;
		gallery: SavedImageRef[];
		/** The add form's one-time token, used in the same transaction (a repeated post adds nothing). */
		claim?: FormClaim<Project>;
	},
	actor?: Actor,
): Promise<Project> {
	return db.transaction().execute(async (trx) => {
		await claimFormToken(trx, input.claim);
		if (await trx.selectFrom("projects").select("id").where("id", "=", input.id).executeTakeFirst()) {
			throw new ProjectIdTakenError(input.id);
		}
		const now = new Date().toISOString();
		const project = await trx
			.insertInto("projects")
			.values({
				id: input.id,
				...input.fields,
				image: input.image?.key ?? null,
				image_width: input.image?.width ?? null,
				image_height: input.image?.height ?? null,
				created_at: now,
				updated_at: now,
			})
			.returningAll()
			.executeTakeFirstOrThrow();
		if (input.gallery.length > 0) {
			await trx
				.insertInto("project_images")
				.values(
					input.gallery.map((image, index) => ({
						project_id: input.id,
						image_url: image.key,
						image_width: image.width,
						image_height: image.height,
						sort_order: index + 1,
					})),
				)
				.execute();
		}
		// Findable (when published) the moment the piece exists: the search index is written in this transaction.
		await indexProjects(trx, [project.id]);
		await recordActivity(trx, actor, {
			entity: "project",
			entityId: project.id,
			label: project.name,
			action: "created",
			before: null,
			after: await auditedProject(trx, project),
			version: project.version,
		});
		await settleFormToken(trx, input.claim, project);
		return project;
	});
}

export interface ProjectChange {
	/** The project's id now. */
	id: string;
	/** Its id after the change: a different one moves the project with its gallery, requests and favourites. */
	newId: string;
	fields: ProjectFields;
	/** A newly stored main image, or undefined to keep the current one. */
	image?: SavedImageRef;
	/** The gallery in its new order; rows of the project not listed are removed. */
	gallery: GalleryEntry[];
	/**
	 * A gallery row to make the cover (main image). It swaps places with the current main image, so no
	 * picture is lost or shown twice.
	 */
	coverRowId?: number;
	/**
	 * The version the form was opened at: the save happens only if it is still the stored one, else
	 * EditConflictError and nothing is written (docs/decisions/0023). Scripts may leave it out.
	 */
	version?: number;
}

/**
 * Updates a project in one transaction: the id move (the foreign keys of project_images,
 * purchase_requests and favourites cascade on update, migrations 0001/0002), the fields, the main image
 * and the gallery, with its row in the audit trail (the project's earlier rows move with it). Throws
 * ProjectNotFoundError / ProjectIdTakenError, and EditConflictError when the project is no longer at
 * `change.version`; any failure changes nothing (the gallery's rows included).
 */
export async function updateProject(
	change: ProjectChange,
	actor?: Actor,
): Promise<{ project: Project; galleryCount: number; releasedKeys: string[] }> {
	return db.transaction().execute(async (trx) => {
		const current = await trx
			.selectFrom("projects")
			.selectAll()
			.where("id", "=", change.id)
			.executeTakeFirst();
		if (!current) throw new ProjectNotFoundError(change.id);
		const before = await auditedProject(trx, current);
		if (change.newId !== change.id) {
			if (await trx.selectFrom("projects").select("id").where("id", "=", change.newId).executeTakeFirst()) {
				throw new ProjectIdTakenError(change.newId);
			}
			await moveSaleRowsWithPiece(trx, change.id, change.newId, async () => {
				await trx.updateTable("projects").set({ id: change.newId }).where("id", "=", change.id).execute();
			});
			await moveActivity(trx, "project", change.id, change.newId);
		}
		const id = change.newId;
		const rows = await trx.selectFrom("project_images").selectAll().where("project_id", "=", id).execute();
		const rowsById = new Map(rows.map((row) => [row.id, row]));
		const released: string[] = [];

		let main: { key: string | null; width: number | null; height: number | null } = {
			key: current.image,
			width: current.image_width,
			height: current.image_height,
		};
		if (change.image) {
			if (main.key) released.push(main.key);
			main = change.image;
		}

		const kept = new Set<number>();
		let order = 0;
		for (const entry of change.gallery) {
			order += 1;
			if ("rowId" in entry) {
				const row = rowsById.get(entry.rowId);
				if (!row || kept.has(row.id)) continue;
				kept.add(row.id);
				if (row.id === change.coverRowId) {
					// The chosen picture becomes the cover; the old cover takes its place in the gallery.
					const previous = main;
					main = toStoredImage(row);
					if (previous.key) {
						await trx
							.updateTable("project_images")
							.set({
								image_url: previous.key,
								image_width: previous.width,
								image_height: previous.height,
								sort_order: order,
							})
							.where("id", "=", row.id)
							.execute();
						continue;
					}
					await trx.deleteFrom("project_images").where("id", "=", row.id).execute();
					order -= 1;
					continue;
				}
				await trx
					.updateTable("project_images")
					.set({
						sort_order: order,
						...(entry.alt ? { alt_text: entry.alt.en, alt_text_ru: entry.alt.ru } : {}),
					})
					.where("id", "=", row.id)
					.execute();
			} else {
				await trx
					.insertInto("project_images")
					.values({
						project_id: id,
						image_url: entry.image.key,
						image_width: entry.image.width,
						image_height: entry.image.height,
						sort_order: order,
					})
					.execute();
			}
		}
		const removed = rows.filter((row) => !kept.has(row.id));
		if (removed.length > 0) {
			await trx
				.deleteFrom("project_images")
				.where(
					"id",
					"in",
					removed.map((row) => row.id),
				)
				.execute();
			released.push(...removed.map((row) => row.image_url));
		}

		let save = trx
			.updateTable("projects")
			.set({
				...change.fields,
				image: main.key,
				image_width: main.width,
				image_height: main.height,
				updated_at: new Date().toISOString(),
				version: nextVersion,
			})
			.where("id", "=", id);
		if (change.version !== undefined) save = save.where("version", "=", change.version);
		let project = await save.returningAll().executeTakeFirst();
		// Someone saved first: throwing undoes the move and the gallery's changes made above.
		if (!project) throw new EditConflictError();
		const after = await auditedProject(trx, project);
		if (!changedAnything(before, after)) {
			project = await trx
				.updateTable("projects")
				.set({ version: current.version })
				.where("id", "=", id)
				.returningAll()
				.executeTakeFirstOrThrow();
		}
		// The piece's search document follows its new text, availability and status (its id moved with it).
		await indexProjects(trx, [id]);
		const galleryCount = Number(
			(
				await trx
					.selectFrom("project_images")
					.select((eb) => eb.fn.countAll<number>().as("n"))
					.where("project_id", "=", id)
					.executeTakeFirstOrThrow()
			).n,
		);
		await recordActivity(trx, actor, {
			entity: "project",
			entityId: project.id,
			label: project.name,
			action: "updated",
			before,
			after,
			version: project.version,
		});
		return { project, galleryCount, releasedKeys: released.filter((key) => key !== main.key) };
	});
}

/**
 * A hold or a sale moves a piece's availability (issue #37, app/services/sale.server.ts), in the
 * transaction of its cause: its version moves too (an edit form opened before cannot silently put the old
 * value back, decision 0023), its search document follows, and the project's history records the change.
 * Returns the availability it had, or null when the piece is gone.
 */
export async function setProjectAvailability(
	executor: Kysely<Database>,
	id: string,
	availability: ProjectAvailability,
	actor?: Actor | NonStaffActor,
): Promise<ProjectAvailability | null> {
	const current = await executor
		.selectFrom("projects")
		.select(["id", "name", "availability"])
		.where("id", "=", id)
		.executeTakeFirst();
	if (!current) return null;
	if (current.availability === availability) return current.availability;
	const project = await executor
		.updateTable("projects")
		.set({ availability, updated_at: new Date().toISOString(), version: nextVersion })
		.where("id", "=", id)
		.returning(["version"])
		.executeTakeFirstOrThrow();
	await indexProjects(executor, [id]);
	await recordActivity(executor, actor, {
		entity: "project",
		entityId: id,
		label: current.name,
		action: "updated",
		before: { availability: current.availability },
		after: { availability },
		version: project.version,
	});
	return current.availability;
}

/**
 * Deletes a project: its gallery rows, favourites and search document go with it (cascade); purchase
 * requests keep their snapshot and lose the link. The audit trail keeps what it was. Returns the deleted row and the image keys
 * it used, or null when unknown. With `version` (the one the list was shown with) it deletes only that
 * version: EditConflictError, and nothing deleted, when the project changed since.
 */
export async function deleteProject(
	id: string,
	actor?: Actor,
	version?: number,
): Promise<{ project: Project; releasedKeys: string[] } | null> {
	return db.transaction().execute(async (trx) => {
		const project = await trx.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();
		if (!project) return null;
		const gallery = await trx
			.selectFrom("project_images")
			.select("image_url")
			.where("project_id", "=", id)
			.execute();
		const before = await auditedProject(trx, project);
		let remove = trx.deleteFrom("projects").where("id", "=", id);
		if (version !== undefined) remove = remove.where("version", "=", version);
		const { numDeletedRows } = await remove.executeTakeFirst();
		if (Number(numDeletedRows) === 0) throw new EditConflictError();
		await recordActivity(trx, actor, {
			entity: "project",
			entityId: project.id,
			label: project.name,
			action: "deleted",
			before,
			after: null,
		});
		const releasedKeys = [project.image, ...gallery.map((row) => row.image_url)].filter(
			(key): key is string => Boolean(key),
		);
		return { project, releasedKeys };
	});
}
