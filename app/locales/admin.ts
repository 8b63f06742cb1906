import enAdmin from "./en/admin.json";
import ruAdmin from "./ru/admin.json";

/**
 * The admin screens' texts. Only the admin layout route imports this module in the browser, so its ~9 kB
 * (gzipped) never load with the public pages; the server has them always (./server.ts).
 */
export const ADMIN_NAMESPACE = "admin";

export const adminResources = {
	en: { admin: enAdmin },
	ru: { admin: ruAdmin },
} as const;
