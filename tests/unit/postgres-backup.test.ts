import { describe, expect, it } from "vitest";
import { connectionFor } from "../../db/postgres-backup";

describe("pg_dump and pg_restore's connection", () => {
	it("keeps the password off the command line (readable by every user of the machine) and in PGPASSWORD", () => {
		const { dbname, env } = connectionFor(
			"postgres://forma:s%40cret%2Fpw@db.internal:5432/forma?sslmode=require",
		);
		expect(dbname).toBe("postgres://forma@db.internal:5432/forma?sslmode=require");
		expect(dbname).not.toContain("cret");
		expect(env.PGPASSWORD).toBe("s@cret/pw");
	});

	it("leaves an address without a password as it is", () => {
		const { dbname, env } = connectionFor("postgresql://postgres@localhost:5432/forma?host=%2Ftmp%2Fpg");
		expect(dbname).toBe("postgresql://postgres@localhost:5432/forma?host=%2Ftmp%2Fpg");
		expect(env.PGPASSWORD).toBe(process.env.PGPASSWORD);
	});
});
