import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

const root = path.dirname(new URL(import.meta.url).pathname);
/** FORMA_TEST_DATABASE=postgres runs the integration tests again on Postgres (tests/support/test-database.ts). */
const postgres = process.env.FORMA_TEST_DATABASE === "postgres";

export default defineConfig({
	resolve: {
		alias: {
			"~db": path.join(root, "db"),
			"~migrations": path.join(root, "migrations"),
			"~": path.join(root, "app"),
		},
	},
	test: {
		include: postgres
			? ["tests/integration/**/*.test.ts", "tests/security/**/*.test.ts"]
			: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/security/**/*.test.ts"],
		// database.test.ts is about SQLite files themselves (pragmas, old schemas), each made by the test.
		exclude: postgres
			? [...configDefaults.exclude, "tests/integration/database.test.ts"]
			: configDefaults.exclude,
		environment: "node",
		globalSetup: ["tests/support/global-setup.ts"],
		setupFiles: ["tests/support/per-test-database.ts"],
		// Vitest leaves one core free by default, which on a 2-core machine ran the files one at a time.
		maxWorkers: 2,
		testTimeout: 30_000,
		hookTimeout: 60_000,
	},
});
