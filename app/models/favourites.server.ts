import { db } from "~/lib/db.server";
import type { Product } from "~db/schema";

export async function listFavouriteIds(userId: number): Promise<string[]> {
	const rows = await db.selectFrom("favourites").select("product_id").where("user_id", "=", userId).execute();
	return rows.map((row) => row.product_id);
}

export async function listFavouriteProducts(userId: number): Promise<Product[]> {
	return db
		.selectFrom("favourites")
		.innerJoin("products", "products.id", "favourites.product_id")
		.selectAll("products")
		.where("favourites.user_id", "=", userId)
		.orderBy("favourites.created_at", "desc")
		.execute();
}

/** Sets whether the project is a favourite. Returns false for an unknown project. */
export async function setFavourite(userId: number, productId: string, favourite: boolean): Promise<boolean> {
	const product = await db.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst();
	if (!product) return false;
	if (favourite) {
		await db
			.insertInto("favourites")
			.values({ user_id: userId, product_id: productId })
			.onConflict((oc) => oc.doNothing())
			.execute();
	} else {
		await db
			.deleteFrom("favourites")
			.where("user_id", "=", userId)
			.where("product_id", "=", productId)
			.execute();
	}
	return true;
}
