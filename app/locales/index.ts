import enAccount from "./en/account.json";
import enArtists from "./en/artists.json";
import enCatalog from "./en/catalog.json";
import enCommon from "./en/common.json";
import enHome from "./en/home.json";
import enPages from "./en/pages.json";
import enShop from "./en/shop.json";
import ruAccount from "./ru/account.json";
import ruArtists from "./ru/artists.json";
import ruCatalog from "./ru/catalog.json";
import ruCommon from "./ru/common.json";
import ruHome from "./ru/home.json";
import ruPages from "./ru/pages.json";
import ruShop from "./ru/shop.json";

/**
 * The public site's translations, bundled for server and browser alike (small enough to ship whole).
 * Namespaces: common (shell, shared words), home, catalog (category pages, cards, project page), artists,
 * shop, pages (about, contact, terms, privacy), account (sign-in, registration, account page). The admin
 * namespace travels with the admin pages only (./admin.ts); long legal texts stay on the server (./server.ts).
 */
export const resources = {
	en: {
		common: enCommon,
		home: enHome,
		catalog: enCatalog,
		artists: enArtists,
		shop: enShop,
		pages: enPages,
		account: enAccount,
	},
	ru: {
		common: ruCommon,
		home: ruHome,
		catalog: ruCatalog,
		artists: ruArtists,
		shop: ruShop,
		pages: ruPages,
		account: ruAccount,
	},
} as const;

export const NAMESPACES = ["common", "home", "catalog", "artists", "shop", "pages", "account"] as const;
