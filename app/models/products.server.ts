import { db } from "~/lib/db.server";
import type { ProductCategory } from "~db/categories";
import type { Product } from "~db/schema";

export async function listProductsByCategory(category: ProductCategory): Promise<Product[]> {
	return db
		.selectFrom("products")
		.selectAll()
		.where("category", "=", category)
		.orderBy("created_at", "desc")
		.execute();
}
