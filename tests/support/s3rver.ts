/**
 * A local S3-compatible store for tests (s3rver on 127.0.0.1, a free port, its objects in a temporary
 * folder), so the S3 image store runs against a real HTTP S3 API. It runs inside the test's own process
 * (stopping it, or the process ending, leaves nothing behind), or with `ownProcess` in a process group of
 * its own — for tests that block their event loop while a server they started talks to it (spawnSync of
 * the set-up step) — stopped by its process group's id, and on this process's exit at the latest.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { portOpen } from "./port-open";

/** s3rver's built-in account. */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface LocalS3 {
	endpoint: string;
	port: number;
	directory: string;
	/** The environment that points the app at `bucket` in this store. */
	env(bucket: string): Record<string, string>;
	/** What createS3ImageStore needs for `bucket`. */
	config(bucket: string): {
		bucket: string;
		region: string;
		endpoint: string;
		forcePathStyle: true;
		credentials: typeof CREDENTIALS;
	};
	/** Stops the server; its objects are deleted unless `keepData`. */
	stop(options?: { keepData?: boolean }): Promise<void>;
}

interface StartOptions {
	/** The port and folder of a store stopped with `keepData`, to bring it back. */
	port?: number;
	directory?: string;
	ownProcess?: boolean;
}

async function freePort(): Promise<number> {
	const probe = net.createServer();
	await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
	const { port } = probe.address() as AddressInfo;
	await new Promise((resolve) => probe.close(resolve));
	return port;
}

/** s3rver's command line in a process group of its own; resolves once it accepts connections. */
async function spawnS3rver(buckets: string[], port: number, directory: string): Promise<() => Promise<void>> {
	const cli = path.join(
		path.dirname(createRequire(import.meta.url).resolve("s3rver/package.json")),
		"bin/s3rver.js",
	);
	const bucketArgs = buckets.flatMap((name) => ["--configure-bucket", name]);
	const child: ChildProcess = spawn(
		process.execPath,
		[cli, "-d", directory, "-a", "127.0.0.1", "-p", String(port), "-s", ...bucketArgs],
		{ detached: true, stdio: "ignore" },
	);
	const killGroup = () => {
		if (child.pid && child.exitCode === null && child.signalCode === null)
			process.kill(-child.pid, "SIGKILL");
	};
	process.once("exit", killGroup);
	for (let tries = 0; ; tries += 1) {
		if (await portOpen(port)) break;
		if (child.exitCode !== null || tries > 200) {
			killGroup();
			throw new Error("s3rver did not start");
		}
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	return async () => {
		const exited = new Promise((resolve) => child.once("exit", resolve));
		killGroup();
		await exited;
		process.removeListener("exit", killGroup);
	};
}

/** Starts s3rver with `buckets`: on a free port and a new folder unless told which. */
export async function startLocalS3(
	buckets: string[],
	{ port: wantedPort, directory: kept, ownProcess = false }: StartOptions = {},
): Promise<LocalS3> {
	const directory = kept ?? (await fs.mkdtemp(path.join(os.tmpdir(), "forma-s3rver-")));
	let port: number;
	let close: () => Promise<void>;
	if (ownProcess) {
		port = wantedPort ?? (await freePort());
		close = await spawnS3rver(buckets, port, directory);
	} else {
		const server = new S3rver({
			address: "127.0.0.1",
			port: wantedPort ?? 0,
			directory,
			silent: true,
			configureBuckets: buckets.map((name) => ({ name })),
		});
		port = (await server.run()).port;
		close = () => server.close();
	}
	const endpoint = `http://127.0.0.1:${port}`;
	return {
		endpoint,
		port,
		directory,
		env: (bucket) => ({
			S3_BUCKET: bucket,
			S3_ENDPOINT: endpoint,
			S3_REGION: "us-east-1",
			S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
			S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
			S3_FORCE_PATH_STYLE: "true",
		}),
		config: (bucket) => ({
			bucket,
			region: "us-east-1",
			endpoint,
			forcePathStyle: true,
			credentials: CREDENTIALS,
		}),
		async stop({ keepData = false } = {}) {
			await close();
			if (!keepData) await fs.rm(directory, { recursive: true, force: true });
		},
	};
}
