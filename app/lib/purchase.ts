/** The purchase request's address and toast; its schema is app/lib/purchase-schema.ts (zod stays out of pages that only link here). */
export function purchaseRequestPath(projectId: string): string {
	return `/project/${encodeURIComponent(projectId)}/request`;
}

/** The confirmation toast's lifetime (decision 0028). */
export const PURCHASE_TOAST_MS = 3000;

/** The key of the fetcher that posts a piece's request dialog: the Buy button reads its answer too. */
export function purchaseFetcherKey(projectId: string): string {
	return `purchase-${projectId}`;
}
