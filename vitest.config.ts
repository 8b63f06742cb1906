import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const root = path.dirname(new URL(import.meta.url).pathname);
/** FORMA_TEST_DATABASE=postgres runs the integration tests again on Postgres (tests/support/test-database.ts). */
const postgres = process.env.FORMA_TEST_DATABASE === "postgres";

/**
 * Two projects (docs/decisions/0011): `unit` — rules and components, no database, no seed (`npm run
 * test:unit`); `integration` — loaders, actions, models and the HTTP-level proofs against a real, seeded
 * database (SQLite, and again on Postgres with FORMA_TEST_DATABASE=postgres).
 */
export default defineConfig({
	resolve: {
		alias: {
			"~db": path.join(root, "db"),
			"~migrations": path.join(root, "migrations"),
			"~": path.join(root, "app"),
		},
	},
	test: {
		environment: "node",
		// Vitest leaves one core free by default, which on a 2-core machine ran the files one at a time.
		maxWorkers: 2,
		testTimeout: 30_000,
		hookTimeout: 60_000,
		projects: [
			...(postgres
				? []
				: [
						{
							extends: true as const,
							test: { name: "unit", include: ["tests/unit/**/*.test.ts"] },
						},
					]),
			{
				extends: true as const,
				test: {
					name: "integration",
					include: ["tests/integration/**/*.test.ts", "tests/security/**/*.test.ts"],
					// database.test.ts is about SQLite files themselves (pragmas, old schemas), each made by the test.
					exclude: postgres
						? [...configDefaults.exclude, "tests/integration/database.test.ts"]
						: configDefaults.exclude,
					globalSetup: ["tests/support/global-setup.ts"],
					// One secret for the test's own modules and the sites it serves (tests/support/http-site.ts):
					// a link the test's mail sender signs must open on the site.
					env: { SESSION_SECRET: "integration-tests-only-secret-integration-tests" },
					// The production build that the HTTP-level tests serve (tests/support/http-site.ts) runs as Node
					// loads it, not through Vite's transform.
					server: { deps: { external: [/[/\\]build(-[\w-]+)?[/\\]index\.js/] } },
					setupFiles: ["tests/support/per-test-database.ts"],
				},
			},
		],
	},
});
