/**
 * What a purchase request or registration form posts for its consent box, ticked (docs/decisions/0031): the
 * box and the version of the text the form showed. Version 1 of each purpose is the one migration 0018
 * writes, in force in every seeded database. Tests about refusing without consent leave these out.
 */
export const GIVEN_CONSENT = { consent: "on", consentVersion: "1" } as const;
