import enAccount from "~/locales/en/account.json";
import enAdmin from "~/locales/en/admin.json";
import enArtists from "~/locales/en/artists.json";
import enCatalog from "~/locales/en/catalog.json";
import enCommon from "~/locales/en/common.json";
import enHome from "~/locales/en/home.json";
import enLegal from "~/locales/en/legal.json";
import enMail from "~/locales/en/mail.json";
import enPages from "~/locales/en/pages.json";
import enSale from "~/locales/en/sale.json";
import enShop from "~/locales/en/shop.json";
import ruAccount from "~/locales/ru/account.json";
import ruAdmin from "~/locales/ru/admin.json";
import ruArtists from "~/locales/ru/artists.json";
import ruCatalog from "~/locales/ru/catalog.json";
import ruCommon from "~/locales/ru/common.json";
import ruHome from "~/locales/ru/home.json";
import ruLegal from "~/locales/ru/legal.json";
import ruMail from "~/locales/ru/mail.json";
import ruPages from "~/locales/ru/pages.json";
import ruSale from "~/locales/ru/sale.json";
import ruShop from "~/locales/ru/shop.json";
import { typesetTree } from "./typography.server";

/**
 * Every text of the site, for the server only (the `.server` name keeps it out of the browser bundle),
 * typeset once as it loads (non-breaking spaces, quotes, dashes: app/lib/typography.server.ts).
 * The browser receives the namespaces a page needs, in its language, with the page and from
 * /locales/<lng>/<ns> (see app/lib/i18n.server.ts); `legal` and `mail` never leave the server.
 */
export const serverResources = {
	en: typesetTree(
		{
			common: enCommon,
			home: enHome,
			catalog: enCatalog,
			artists: enArtists,
			shop: enShop,
			pages: enPages,
			account: enAccount,
			admin: enAdmin,
			sale: enSale,
			legal: enLegal,
			mail: enMail,
		},
		"en",
	),
	ru: typesetTree(
		{
			common: ruCommon,
			home: ruHome,
			catalog: ruCatalog,
			artists: ruArtists,
			shop: ruShop,
			pages: ruPages,
			account: ruAccount,
			admin: ruAdmin,
			sale: ruSale,
			legal: ruLegal,
			mail: ruMail,
		},
		"ru",
	),
} as const;

export const SERVER_ONLY_NAMESPACES = ["legal", "mail"] as const;
export type Namespace = keyof (typeof serverResources)["en"];
export const ALL_NAMESPACES = Object.keys(serverResources.en) as Namespace[];
