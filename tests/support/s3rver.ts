/**
 * A local S3-compatible store for tests (s3rver on 127.0.0.1, a free port, its objects in a temporary
 * folder), so the S3 image store runs against a real HTTP S3 API. It runs inside the test's own process:
 * stopping it (or the process ending) leaves nothing behind.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** s3rver's built-in account. */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface LocalS3 {
	endpoint: string;
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
	stop(): Promise<void>;
}

export async function startLocalS3(buckets: string[]): Promise<LocalS3> {
	const directory = await fs.mkdtemp(path.join(os.tmpdir(), "forma-s3rver-"));
	const server = new S3rver({
		address: "127.0.0.1",
		port: 0,
		directory,
		silent: true,
		configureBuckets: buckets.map((name) => ({ name })),
	});
	const { port } = await server.run();
	const endpoint = `http://127.0.0.1:${port}`;
	return {
		endpoint,
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
		async stop() {
			await server.close();
			await fs.rm(directory, { recursive: true, force: true });
		},
	};
}
