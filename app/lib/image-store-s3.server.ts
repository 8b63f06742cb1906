/**
 * Images in an S3-compatible bucket (`S3_BUCKET`; AWS, Cloudflare R2, MinIO, Backblaze B2, s3rver in the
 * tests), through @aws-sdk/client-s3 (docs/decisions/0025). The bucket may stay private: the app reads it
 * with its own credentials and serves the images itself.
 */
import { Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { ImageStore, OpenedImage } from "./image-store.server";
import { logger } from "./logger.server";
import { imageContentType, isSafeImageKey, publicImageCacheControl } from "./uploads.server";

export interface S3StoreConfig {
	bucket: string;
	region: string;
	/** For anything but AWS: https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000 … */
	endpoint?: string | undefined;
	/** Bucket in the path (http://host/bucket/key) instead of the host name: MinIO, s3rver, most self-hosted. */
	forcePathStyle?: boolean | undefined;
	/** Unset: the SDK's own chain (AWS_* variables, an instance or task role). */
	credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** A health check that waits longer than this reports the store as down rather than hanging /healthz. */
const CHECK_TIMEOUT_MS = 3000;

type S3Sdk = typeof import("@aws-sdk/client-s3");

/** The error's HTTP status, as the SDK reports it (a 304 comes back as an error too). */
function statusOf(error: unknown): number | undefined {
	return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

export function createS3ImageStore(config: S3StoreConfig): ImageStore {
	const { bucket } = config;
	// The SDK is loaded on first use, so a site on disk never loads it (it is a large module tree).
	let connection: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
	const connect = () => {
		connection ??= import("@aws-sdk/client-s3").then((sdk) => ({
			sdk,
			client: new sdk.S3Client({
				region: config.region,
				endpoint: config.endpoint,
				forcePathStyle: config.forcePathStyle ?? false,
				credentials: config.credentials,
				// Checksums only where S3 requires them: since early 2025 the SDK adds CRC32 headers (and chunked
				// trailers) to every upload by default, which many S3-compatible stores refuse.
				requestChecksumCalculation: "WHEN_REQUIRED",
				responseChecksumValidation: "WHEN_REQUIRED",
				// A store that does not answer must not hold an upload or an image request for ever.
				requestHandler: { connectionTimeout: 5000, socketTimeout: 30_000 },
			}),
		}));
		return connection;
	};
	const keyOf = (key: string): string => {
		if (!isSafeImageKey(key)) throw new Error(`not an image key: ${JSON.stringify(key)}`);
		return key;
	};

	return {
		kind: "s3",
		location: `s3://${bucket}`,

		async put(key, data) {
			const { sdk, client } = await connect();
			// A single PUT is atomic in S3: readers see the whole object or none.
			await client.send(
				new sdk.PutObjectCommand({
					Bucket: bucket,
					Key: keyOf(key),
					Body: data,
					ContentLength: data.length,
					// For a CDN or tool that reads the bucket directly; the app sends its own headers.
					ContentType: imageContentType(key) ?? "application/octet-stream",
					CacheControl: publicImageCacheControl(key),
				}),
			);
		},

		async open(key, conditions = {}): Promise<OpenedImage | "not-modified" | null> {
			if (!isSafeImageKey(key)) return null;
			const { sdk, client } = await connect();
			try {
				// The conditions go to the store, so a revalidation costs one request and no bytes.
				const object = await client.send(
					new sdk.GetObjectCommand({
						Bucket: bucket,
						Key: key,
						IfNoneMatch: conditions.ifNoneMatch,
						IfModifiedSince: conditions.ifNoneMatch ? undefined : conditions.ifModifiedSince,
					}),
				);
				if (!(object.Body instanceof Readable)) throw new Error("the S3 client returned no Node stream");
				return {
					body: object.Body,
					size: object.ContentLength ?? 0,
					etag: object.ETag ?? `"${key}"`,
					lastModified: object.LastModified ?? new Date(0),
				};
			} catch (error) {
				const status = statusOf(error);
				if (status === 304) return "not-modified";
				if (status === 404 || (error as Error).name === "NoSuchKey") return null;
				throw error;
			}
		},

		async list(prefix) {
			const { sdk, client } = await connect();
			const keys: string[] = [];
			for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
				for (const object of page.Contents ?? []) {
					if (object.Key && isSafeImageKey(object.Key)) keys.push(object.Key);
				}
			}
			return keys;
		},

		async remove(keys) {
			if (keys.length === 0) return;
			const { sdk, client } = await connect();
			// One DELETE per key (an image has at most five files): DeleteObjects needs a checksum header
			// that not every S3-compatible store accepts. Deleting a missing key succeeds.
			await Promise.all(
				keys.map((key) => client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }))),
			);
		},

		async check() {
			try {
				const { sdk, client } = await connect();
				// Reachable, credentials accepted, bucket there: one cheap request that writes nothing.
				await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }), {
					abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
				});
				return true;
			} catch (error) {
				logger.warn("the image store did not answer", {
					bucket,
					status: statusOf(error),
					reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
				});
				return false;
			}
		},

		close() {
			void connection?.then(({ client }) => client.destroy());
			connection = undefined;
		},
	};
}
