/**
 * Recently served images kept in memory, in front of an S3 bucket (docs/decisions/0025). Every image a
 * page shows is fetched from the bucket by the first browser (or CDN edge) that lacks it; without this,
 * each such request costs a signed GetObject — a round trip to the store and ~2.5 ms of this server's CPU
 * — while the disk store answers from the OS's file cache. Names are content hashes, so a kept copy is
 * never stale; but an image is deleted only after the change that stopped using it, and every such change
 * moves the content version (the page cache's key, which every instance follows), so everything kept is
 * let go when it moves: a deleted image is not served from here after its deletion.
 */
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { LRUCache } from "lru-cache";
import type { ImageConditions, ImageStore, OpenedImage } from "./image-store.server";
import { isCurrentCopy } from "./uploads.server";

/** The home page's images in every width fit many times over; the page cache is the same size. */
const MAX_BYTES = 64 * 1024 * 1024;
/** Uploads are at most 2 MB as stored (SVGs up to 5 MB); anything bigger is streamed, not kept. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** And after this long anyway, for an image removed from the bucket by hand. */
const TTL_MS = 10 * 60 * 1000;

interface KeptImage {
	data: Buffer;
	etag: string;
	lastModified: Date;
}

const opened = (image: KeptImage): OpenedImage => ({
	body: Readable.from([image.data]),
	size: image.data.length,
	etag: image.etag,
	lastModified: image.lastModified,
});

/** `contentVersion`: changes with every change to what pages show (projects, images, slides, artists). */
export function withMemoryCache(store: ImageStore, contentVersion: () => number): ImageStore {
	const kept = new LRUCache<string, KeptImage>({
		maxSize: MAX_BYTES,
		maxEntrySize: MAX_IMAGE_BYTES,
		sizeCalculation: (image) => Math.max(1, image.data.length),
		ttl: TTL_MS,
	});
	let keptVersion = contentVersion();
	/** The content version now, having let go of everything kept under an older one. */
	const currentVersion = () => {
		const version = contentVersion();
		if (version !== keptVersion) {
			kept.clear();
			keptVersion = version;
		}
		return version;
	};
	/** Images being fetched now: many visitors asking at once for one image cost one GetObject. */
	const fetching = new Map<string, Promise<KeptImage | "too-big" | null>>();

	const fetchOnce = (key: string): Promise<KeptImage | "too-big" | null> => {
		let pending = fetching.get(key);
		if (!pending) {
			const version = currentVersion();
			pending = (async () => {
				const fresh = await store.open(key);
				if (fresh === null || fresh === "not-modified") return null;
				if (fresh.size > MAX_IMAGE_BYTES) {
					fresh.body.destroy();
					return "too-big" as const;
				}
				const image = { data: await buffer(fresh.body), etag: fresh.etag, lastModified: fresh.lastModified };
				// Fetched before a change (a deletion, maybe) that came in meanwhile: serve it, do not keep it.
				if (currentVersion() === version) kept.set(key, image);
				return image;
			})().finally(() => fetching.delete(key));
			fetching.set(key, pending);
		}
		return pending;
	};

	return {
		...store,

		async open(key, conditions: ImageConditions = {}) {
			currentVersion();
			const image = kept.get(key);
			if (image)
				return isCurrentCopy(image.etag, image.lastModified, conditions) ? "not-modified" : opened(image);
			// A revalidation the store can answer without sending the bytes is not worth keeping them for.
			if (conditions.ifNoneMatch || conditions.ifModifiedSince) return store.open(key, conditions);
			const fetched = await fetchOnce(key);
			// Too big to keep (no upload is): each request streams its own copy.
			if (fetched === "too-big") return store.open(key);
			return fetched && opened(fetched);
		},

		async put(key, data) {
			kept.delete(key);
			await store.put(key, data);
		},

		async remove(keys) {
			for (const key of keys) kept.delete(key);
			await store.remove(keys);
		},
	};
}
