import { typesetTree } from "~/lib/typography.server";
import enAccount from "./en/account.json";
import enAdmin from "./en/admin.json";
import enArtists from "./en/artists.json";
import enCatalog from "./en/catalog.json";
import enCommon from "./en/common.json";
import enHome from "./en/home.json";
import enLegal from "./en/legal.json";
import enMail from "./en/mail.json";
import enPages from "./en/pages.json";
import enShop from "./en/shop.json";
import ruAccount from "./ru/account.json";
import ruAdmin from "./ru/admin.json";
import ruArtists from "./ru/artists.json";
import ruCatalog from "./ru/catalog.json";
import ruCommon from "./ru/common.json";
import ruHome from "./ru/home.json";
import ruLegal from "./ru/legal.json";
import ruMail from "./ru/mail.json";
import ruPages from "./ru/pages.json";
import ruShop from "./ru/shop.json";

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
			legal: ruLegal,
			mail: ruMail,
		},
		"ru",
	),
} as const;

export const SERVER_ONLY_NAMESPACES = ["legal", "mail"] as const;
export type Namespace = keyof (typeof serverResources)["en"];
export const ALL_NAMESPACES = Object.keys(serverResources.en) as Namespace[];
