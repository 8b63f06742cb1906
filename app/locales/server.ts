import { ADMIN_NAMESPACE, adminResources } from "./admin";
import enLegal from "./en/legal.json";
import enMail from "./en/mail.json";
import { NAMESPACES, resources } from "./index";
import ruLegal from "./ru/legal.json";
import ruMail from "./ru/mail.json";

/**
 * Texts read only on the server, kept out of the browser bundle: the long legal sections (the pages receive
 * them as loader data) and the e-mails.
 */
export const SERVER_ONLY_NAMESPACES = ["legal", "mail"] as const;
export const ALL_NAMESPACES = [...NAMESPACES, ADMIN_NAMESPACE, ...SERVER_ONLY_NAMESPACES] as const;

export const serverResources = {
	en: { ...resources.en, ...adminResources.en, legal: enLegal, mail: enMail },
	ru: { ...resources.ru, ...adminResources.ru, legal: ruLegal, mail: ruMail },
} as const;
