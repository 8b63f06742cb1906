import enArtists from "./en/artists.json";
import enCatalog from "./en/catalog.json";
import enCommon from "./en/common.json";
import enHome from "./en/home.json";
import enPages from "./en/pages.json";
import enShop from "./en/shop.json";
import ruArtists from "./ru/artists.json";
import ruCatalog from "./ru/catalog.json";
import ruCommon from "./ru/common.json";
import ruHome from "./ru/home.json";
import ruPages from "./ru/pages.json";
import ruShop from "./ru/shop.json";

/**
 * Every translation, bundled for server and browser alike (small enough to ship whole). Namespaces:
 * common (shell, shared words), home, catalog (category pages, cards, project page), artists, shop,
 * pages (about, contact, terms, privacy).
 */
export const resources = {
	en: {
		common: enCommon,
		home: enHome,
		catalog: enCatalog,
		artists: enArtists,
		shop: enShop,
		pages: enPages,
	},
	ru: {
		common: ruCommon,
		home: ruHome,
		catalog: ruCatalog,
		artists: ruArtists,
		shop: ruShop,
		pages: ruPages,
	},
} as const;

export const NAMESPACES = ["common", "home", "catalog", "artists", "shop", "pages"] as const;
