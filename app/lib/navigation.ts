/**
 * The site's main navigation, in order (decisions, Round 2): the shop, the four category pages and the
 * artists. The header shows these; the mobile menu adds the pages in MOBILE_EXTRA_LINKS. Each key is also
 * its path (/shop, /branding …) and its label's key (common:nav.{key}).
 */
export const MAIN_NAV_LINKS = ["shop", "branding", "design", "art", "creative", "artists"] as const;
export type MainNavLink = (typeof MAIN_NAV_LINKS)[number];

/** What the mobile menu lists after the main links: there is no footer within reach on a phone. */
export const MOBILE_EXTRA_LINKS = ["about", "contact"] as const;
