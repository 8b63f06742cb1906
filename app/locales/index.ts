import enCommon from "./en/common.json";
import ruCommon from "./ru/common.json";

/** Every translation, bundled for server and browser alike (small enough to ship whole). */
export const resources = {
	en: { common: enCommon },
	ru: { common: ruCommon },
} as const;
