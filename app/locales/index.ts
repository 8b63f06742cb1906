import enCatalog from "./en/catalog.json";
import enCommon from "./en/common.json";
import enHome from "./en/home.json";
import enPages from "./en/pages.json";
import ruCatalog from "./ru/catalog.json";
import ruCommon from "./ru/common.json";
import ruHome from "./ru/home.json";
import ruPages from "./ru/pages.json";

/**
 * Every translation, bundled for server and browser alike (small enough to ship whole). Namespaces:
 * common (shell, shared words), home, catalog (categories, cards, project, artists, shop), pages (static texts).
 */
export const resources = {
	en: { common: enCommon, home: enHome, catalog: enCatalog, pages: enPages },
	ru: { common: ruCommon, home: ruHome, catalog: ruCatalog, pages: ruPages },
} as const;

export const NAMESPACES = ["common", "home", "catalog", "pages"] as const;
