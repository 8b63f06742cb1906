/**
 * Where images live (docs/decisions/0025). Every upload, generated variant, seeded picture and backup copy
 * is written, read, listed and deleted through one ImageStore: a folder on disk (`UPLOADS_DIR`, the
 * default) or an S3-compatible bucket (`S3_BUCKET`), so several instances can share one set of images.
 *
 * A key is the image's path under /resources/images/: "projects/3f9a…c2.jpg", its variants
 * "projects/3f9a…c2-400w.webp". Names are content hashes, so a key never points at different bytes.
 */
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import type { Env } from "./env.server";
import { getEnv } from "./env.server";
import { createDiskImageStore } from "./image-store-disk.server";
import { createS3ImageStore } from "./image-store-s3.server";

/** What the requester already holds (a browser's If-None-Match / If-Modified-Since). */
export interface ImageConditions {
	ifNoneMatch?: string | undefined;
	ifModifiedSince?: Date | undefined;
}

export interface OpenedImage {
	body: Readable;
	size: number;
	/** A quoted entity tag, as sent in ETag. */
	etag: string;
	lastModified: Date;
}

export interface ImageStore {
	readonly kind: "disk" | "s3";
	/** For messages: the folder's path, or s3://bucket. */
	readonly location: string;
	/** Stores the bytes under the key; a crash never leaves a half-written image under it. */
	put(key: string, data: Buffer): Promise<void>;
	/**
	 * The stored image as a stream; "not-modified" when the conditions say the requester's copy is current;
	 * null when there is no such image (or the key is not one an image could have).
	 */
	open(key: string, conditions?: ImageConditions): Promise<OpenedImage | "not-modified" | null>;
	/** Every image key that starts with `prefix` ("" for all), in no particular order. */
	list(prefix: string): Promise<string[]>;
	/** Deletes the keys; a key that is already gone is not an error. */
	remove(keys: readonly string[]): Promise<void>;
	/** For /healthz: can the store be reached (and on disk, written to)? Never throws. */
	check(): Promise<boolean>;
	/** Lets go of connections (S3), for CLIs and tests that end. */
	close(): void;
}

export type StorageEnv = Pick<
	Env,
	| "UPLOADS_DIR"
	| "S3_BUCKET"
	| "S3_ENDPOINT"
	| "S3_REGION"
	| "S3_ACCESS_KEY_ID"
	| "S3_SECRET_ACCESS_KEY"
	| "S3_FORCE_PATH_STYLE"
>;

/** The store the environment selects: S3 when `S3_BUCKET` is set, else the `UPLOADS_DIR` folder. */
export function imageStoreFromEnv(env: StorageEnv): ImageStore {
	if (!env.S3_BUCKET) return createDiskImageStore(env.UPLOADS_DIR);
	return createS3ImageStore({
		bucket: env.S3_BUCKET,
		// env.server.ts refuses S3_BUCKET without S3_REGION; the fallback only satisfies the type.
		region: env.S3_REGION ?? "us-east-1",
		endpoint: env.S3_ENDPOINT,
		forcePathStyle: env.S3_FORCE_PATH_STYLE,
		credentials:
			env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
				? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
				: undefined,
	});
}

let shared: ImageStore | undefined;

/** This process's store (one S3 client, with its pool of connections, for every request). */
export function getImageStore(env: StorageEnv = getEnv()): ImageStore {
	shared ??= imageStoreFromEnv(env);
	return shared;
}

/** The whole image in memory, or null when it is not stored. */
export async function readImage(store: ImageStore, key: string): Promise<Buffer | null> {
	const opened = await store.open(key);
	if (opened === null || opened === "not-modified") return null;
	return buffer(opened.body);
}

/** Copies at once: enough to hide a bucket's latency, few enough to keep memory small (≤ 2 MB an image). */
const COPY_CONCURRENCY = 8;

/**
 * Copies every image `to` does not have yet (backups and restores: a store to a backup folder and back);
 * returns how many it copied. An image deleted meanwhile is skipped: nothing can refer to it any more.
 */
export async function copyMissingImages(from: ImageStore, to: ImageStore): Promise<number> {
	const present = new Set(await to.list(""));
	const queue = (await from.list("")).filter((key) => !present.has(key));
	let copied = 0;
	const worker = async () => {
		for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
			const data = await readImage(from, key);
			if (!data) continue;
			await to.put(key, data);
			copied += 1;
		}
	};
	await Promise.all(Array.from({ length: COPY_CONCURRENCY }, worker));
	return copied;
}
