import path from "node:path";

/**
 * What the e2e servers are started with (playwright.config.ts) that specs also need to know: the
 * bootstrapped administrator, the secret that signs their cookies, and where each server keeps its data.
 */
export const ADMIN = {
	username: "curator",
	password: "e2e-curator-password",
	email: "curator@forma.gallery",
};
export const SESSION_SECRET = "e2e-only-secret-e2e-only-secret-e2e-only";
export const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * The server for specs that add to the catalogue or the home slider (admin-projects, admin-slider): the
 * shop, artist and home specs count what the seed put there, and must not see another spec's additions.
 * (+1 is the fuzz spec's, +2/+3 the settings spec's, +4 the shutdown spec's own server.)
 */
export const CATALOGUE_WRITES_PORT = FIRST_PORT + 5;
/**
 * The server for the admin-artists spec: it renames seeded artists, whose names the shop, artist, project
 * and admin-projects specs expect. (+6 is the container spec's own; +10 … +39 the security specs'.)
 */
export const ARTIST_WRITES_PORT = FIRST_PORT + 7;
/**
 * The two production servers of the instances spec (A and B, one Postgres and one bucket between them):
 * +40 and +41, past the security specs' +10 … +39.
 */
export const INSTANCE_PORTS = [FIRST_PORT + 40, FIRST_PORT + 41] as const;
/**
 * The catalogue-paging spec's own servers, one per project (a catalogue grown past one page, which the
 * shared servers must not show): +9 and +42 (+8 is the run's mail server, tests/e2e/mailbox.ts).
 */
export const PAGING_PORTS = { js: FIRST_PORT + 9, noJs: FIRST_PORT + 42 } as const;

/** The data folder of the server on `port`: its database is forma.sqlite, its uploads uploads/. */
export function dataDirFor(port: number | string): string {
	return path.resolve(`tests/e2e/.data/${port}`);
}
