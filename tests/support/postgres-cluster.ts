/**
 * A throwaway PostgreSQL server for the tests (docs/decisions/0024): Debian's binaries
 * (tests/support/ensure-postgres.sh installs them), a new cluster in a temporary directory, reachable only
 * through a unix socket in that directory (no TCP port to collide with anything), with durability off
 * (fsync, full page writes): its data dies with the run anyway.
 *
 * Postgres refuses to run as root, so under root it runs as the `postgres` user the package creates. It
 * is started as a child of this process with a parent-death signal: should the test runner be killed,
 * the server stops too (an immediate shutdown) instead of being left behind. stop() ends it by its pid.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface PostgresCluster {
	/** A connection URL for one database of the cluster (libpq's form: pg, psql and pg_dump read it). */
	url(database: string): string;
	stop(): Promise<void>;
}

/** The newest installed server's bin directory, or undefined when Postgres is not installed. */
export function postgresBinDir(): string | undefined {
	const root = "/usr/lib/postgresql";
	if (!fs.existsSync(root)) return undefined;
	const versions = fs
		.readdirSync(root)
		.filter((version) => fs.existsSync(path.join(root, version, "bin", "postgres")))
		.sort((a, b) => Number(b) - Number(a));
	return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

/**
 * How to run one of the server's programs as the cluster's owner: through setpriv as `postgres` under
 * root, else as ourselves. `setprivOptions` go to setpriv (the server's parent-death signal).
 */
function asOwner(setprivOptions: string[] = []) {
	const root = process.getuid?.() === 0;
	const id = (flag: string) =>
		Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
	return {
		uid: root ? id("-u") : undefined,
		gid: root ? id("-g") : undefined,
		command(program: string, args: string[]): [string, string[]] {
			if (!root) return [program, args];
			return [
				"setpriv",
				["--reuid=postgres", "--regid=postgres", "--init-groups", ...setprivOptions, program, ...args],
			];
		},
	};
}

const PORT = 55432;

export async function startPostgresCluster(): Promise<PostgresCluster> {
	const bin = postgresBinDir();
	if (!bin) throw new Error("PostgreSQL is not installed: run `sh tests/support/ensure-postgres.sh`");
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forma-pg-"));
	const owner = asOwner(["--pdeathsig", "SIGQUIT"]);
	if (owner.uid !== undefined && owner.gid !== undefined) fs.chownSync(dir, owner.uid, owner.gid);
	const dataDir = path.join(dir, "data");
	const init = spawnSync(
		...owner.command(path.join(bin, "initdb"), [
			...["-D", dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"],
		]),
		{ encoding: "utf8" },
	);
	if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);

	const log = fs.openSync(path.join(dir, "server.log"), "a");
	const settings = {
		listen_addresses: "",
		fsync: "off",
		synchronous_commit: "off",
		full_page_writes: "off",
		max_connections: "300",
	};
	const server: ChildProcess = spawn(
		...owner.command(path.join(bin, "postgres"), [
			...["-D", dataDir, "-p", String(PORT), "-k", dir],
			...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
		]),
		{ stdio: ["ignore", log, log] },
	);
	fs.closeSync(log);
	const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));

	const url = (database: string) =>
		`postgresql://postgres@localhost:${PORT}/${database}?host=${encodeURIComponent(dir)}`;
	const stop = async () => {
		if (server.exitCode === null && server.signalCode === null) {
			// SIGINT is Postgres's fast shutdown: connections are ended, nothing is waited for.
			server.kill("SIGINT");
			await exited;
		}
		fs.rmSync(dir, { recursive: true, force: true });
	};

	const deadline = Date.now() + 30_000;
	for (;;) {
		const client = new pg.Client({ connectionString: url("postgres") });
		try {
			await client.connect();
			await client.end();
			break;
		} catch (error) {
			await client.end().catch(() => {});
			if (server.exitCode !== null || Date.now() > deadline) {
				const serverLog = fs.readFileSync(path.join(dir, "server.log"), "utf8");
				await stop();
				throw new Error(`PostgreSQL did not start: ${String(error)}\n${serverLog}`);
			}
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
	}
	return { url, stop };
}
