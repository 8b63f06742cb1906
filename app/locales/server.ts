import { ADMIN_NAMESPACE, adminResources } from "./admin";
import enLegal from "./en/legal.json";
import { NAMESPACES, resources } from "./index";
import ruLegal from "./ru/legal.json";

/**
 * Long texts read only by loaders on the server (the terms and privacy sections), kept out of the browser
 * bundle: the pages receive them as loader data.
 */
export const SERVER_ONLY_NAMESPACES = ["legal"] as const;
export const ALL_NAMESPACES = [...NAMESPACES, ADMIN_NAMESPACE, ...SERVER_ONLY_NAMESPACES] as const;

export const serverResources = {
	en: { ...resources.en, ...adminResources.en, legal: enLegal },
	ru: { ...resources.ru, ...adminResources.ru, legal: ruLegal },
} as const;
