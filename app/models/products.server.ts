import { sql } from "kysely";
import { db } from "~/lib/db.server";
import { type Language, localized } from "~/lib/i18n";
import type { StoredImage } from "~/lib/images";
import type { ProductCategory } from "~db/categories";
import { foldForSearch } from "~db/connection";
import type { Product, ProductImage } from "~db/schema";

/** What a card, a grid or a list needs to show a project, in the visitor's language. */
export interface ProjectSummary {
	id: string;
	name: string;
	designer: string;
	price: number;
	category: ProductCategory;
	description: string;
	/** Null: the project has no image of its own and shows the default one. */
	image: StoredImage | null;
	link: string | null;
}

export function toProjectSummary(product: Product, language: Language): ProjectSummary {
	return {
		id: product.id,
		name: product.name,
		designer: product.designer,
		price: product.price,
		category: product.category,
		description: localized(language, product.description_en, product.description_ru),
		image: product.image
			? { key: product.image, width: product.image_width, height: product.image_height }
			: null,
		link: product.link,
	};
}

export async function getProductById(id: string): Promise<Product | undefined> {
	return db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The project's gallery, in its saved order. */
export async function listProductImages(productId: string): Promise<ProductImage[]> {
	return db
		.selectFrom("product_images")
		.selectAll()
		.where("product_id", "=", productId)
		.orderBy("sort_order")
		.orderBy("id")
		.execute();
}

export async function listProductsByCategory(category: ProductCategory): Promise<Product[]> {
	return db
		.selectFrom("products")
		.selectAll()
		.where("category", "=", category)
		.orderBy("created_at", "desc")
		.execute();
}

/** An artist's works: projects whose designer is the artist's name (case-insensitive, as typed by admins). */
export async function listProductsByDesigner(designer: string): Promise<Product[]> {
	return db
		.selectFrom("products")
		.selectAll()
		.where(sql<string>`search_fold(designer)`, "=", foldForSearch(designer))
		.orderBy("created_at", "desc")
		.execute();
}

/** Newest projects that have their own image first: the home page's featured block. */
export async function listFeaturedProducts(limit: number): Promise<Product[]> {
	return db
		.selectFrom("products")
		.selectAll()
		.orderBy(sql`image is null`)
		.orderBy("created_at", "desc")
		.limit(limit)
		.execute();
}

export async function listDesigners(): Promise<string[]> {
	const rows = await db.selectFrom("products").select("designer").distinct().orderBy("designer").execute();
	return rows.map((row) => row.designer);
}

/** Ids and change dates of every project, for the sitemap. */
export async function listProductIds(): Promise<Array<{ id: string; updated_at: string }>> {
	return db.selectFrom("products").select(["id", "updated_at"]).orderBy("id").execute();
}

export const SHOP_SORTS = ["newest", "price-asc", "price-desc"] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];
export const SHOP_PAGE_SIZE = 24;

export interface ProductSearch {
	category?: ProductCategory;
	designer?: string;
	/** Free text, matched in name, designer and both descriptions, ignoring case (Cyrillic too) and ё/е. */
	query?: string;
	sort?: ShopSort;
	/** 1-based. */
	page?: number;
	pageSize?: number;
}

export interface ProductSearchResult {
	products: Product[];
	total: number;
	page: number;
	pageCount: number;
}

export async function searchProducts(search: ProductSearch): Promise<ProductSearchResult> {
	const pageSize = search.pageSize ?? SHOP_PAGE_SIZE;
	let query = db.selectFrom("products");
	if (search.category) query = query.where("category", "=", search.category);
	if (search.designer) query = query.where("designer", "=", search.designer);
	const text = search.query?.trim();
	if (text) {
		const needle = foldForSearch(text);
		query = query.where(
			sql<number>`instr(search_fold(name || ' ' || designer || ' ' || description_en || ' ' || description_ru), ${needle})`,
			">",
			0,
		);
	}
	const { total } = await query
		.select((eb) => eb.fn.countAll<number>().as("total"))
		.executeTakeFirstOrThrow();
	const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
	const page = Math.min(Math.max(1, Math.floor(search.page ?? 1)), pageCount);

	let ordered = query.selectAll();
	switch (search.sort ?? "newest") {
		case "price-asc":
			ordered = ordered.orderBy("price", "asc");
			break;
		case "price-desc":
			ordered = ordered.orderBy("price", "desc");
			break;
		default:
			break;
	}
	const products = await ordered
		.orderBy("created_at", "desc")
		.orderBy("id")
		.limit(pageSize)
		.offset((page - 1) * pageSize)
		.execute();
	return { products, total: Number(total), page, pageCount };
}
