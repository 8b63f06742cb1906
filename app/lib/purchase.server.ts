import { createRateLimiter } from "./rate-limit.server";

/** Purchase requests per address: enough for any real buyer (or a household sharing a network), too few for spam. */
export const purchaseRequestLimiter = createRateLimiter({
	name: "purchase-request",
	limit: 20,
	windowMs: 15 * 60 * 1000,
});
