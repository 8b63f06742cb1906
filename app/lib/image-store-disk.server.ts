/**
 * Images in a folder on disk (`UPLOADS_DIR`): the default store, for one machine (docs/decisions/0025).
 */
import { randomBytes } from "node:crypto";
import { createReadStream, type Stats } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { ImageStore, OpenedImage } from "./image-store.server";
import { isCurrentCopy, resolveUploadPath } from "./uploads.server";

/**
 * Writes via a temporary file and a rename, so a crash never leaves a half-written file under a name
 * that a database row could point to; `fsync`ed first, so the rename never outlives the bytes.
 */
async function writeFileAtomic(filePath: string, data: Buffer, fsync: boolean): Promise<void> {
	await fs.mkdir(path.dirname(filePath), { recursive: true });
	const temporary = `${filePath}.${randomBytes(6).toString("hex")}.tmp`;
	const handle = await fs.open(temporary, "w");
	try {
		await handle.writeFile(data);
		if (fsync) await handle.sync();
	} finally {
		await handle.close();
	}
	await fs.rename(temporary, filePath);
}

/** Half-written temporaries and health probes are not images. */
function isImageName(name: string): boolean {
	return !name.startsWith(".") && !name.endsWith(".tmp");
}

function isMissing(error: unknown): boolean {
	const code = (error as NodeJS.ErrnoException).code;
	return code === "ENOENT" || code === "ENOTDIR";
}

/** The tag the disk store has always sent: size and modification time, so a rewritten file gets a new one. */
function entityTag(stat: Stats): string {
	return `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
}

async function listFolder(root: string, folder: string, prefix: string, into: string[]): Promise<void> {
	let entries: import("node:fs").Dirent[];
	try {
		entries = await fs.readdir(path.join(root, folder), { withFileTypes: true });
	} catch (error) {
		if (isMissing(error)) return;
		throw error;
	}
	for (const entry of entries) {
		if (!isImageName(entry.name)) continue;
		const key = folder ? `${folder}/${entry.name}` : entry.name;
		if (entry.isDirectory()) {
			// Only folders that can hold a key with the prefix ("projects/" for "projects/3f9a").
			if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`))
				await listFolder(root, key, prefix, into);
		} else if (entry.isFile() && key.startsWith(prefix)) {
			into.push(key);
		}
	}
}

/**
 * `fsync: false` is for a backup's copy: written whole before its manifest (a backup without one is
 * refused), it need not sync file by file, which made copying ten times slower.
 */
export function createDiskImageStore(
	uploadsDir: string,
	{ fsync = true }: { fsync?: boolean } = {},
): ImageStore {
	const root = path.resolve(uploadsDir);
	const fileOf = (key: string): string => {
		const file = resolveUploadPath(root, key);
		if (!file) throw new Error(`not an image key: ${JSON.stringify(key)}`);
		return file;
	};
	return {
		kind: "disk",
		location: root,

		async put(key, data) {
			await writeFileAtomic(fileOf(key), data, fsync);
		},

		async open(key, conditions = {}): Promise<OpenedImage | "not-modified" | null> {
			const file = resolveUploadPath(root, key);
			if (!file) return null;
			let stat: Stats;
			try {
				stat = await fs.stat(file);
			} catch (error) {
				if (isMissing(error)) return null;
				throw error;
			}
			if (!stat.isFile()) return null;
			const etag = entityTag(stat);
			if (isCurrentCopy(etag, stat.mtime, conditions)) return "not-modified";
			return { body: createReadStream(file), size: stat.size, etag, lastModified: stat.mtime };
		},

		async list(prefix) {
			const keys: string[] = [];
			// Start in the deepest folder the prefix names whole: "projects/3f9a" reads projects/ only.
			const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
			if (folder && !resolveUploadPath(root, folder)) return keys;
			await listFolder(root, folder, prefix, keys);
			return keys;
		},

		async remove(keys) {
			await Promise.all(keys.map((key) => fs.rm(fileOf(key), { force: true })));
		},

		// The folder itself is not created here: missing, it may be a volume that is not mounted, and images
		// written to the machine's own disk would be lost with it.
		async check() {
			const probe = path.join(root, `.health-${randomBytes(6).toString("hex")}`);
			try {
				await fs.writeFile(probe, "ok");
				await fs.rm(probe);
				return true;
			} catch {
				await fs.rm(probe, { force: true }).catch(() => undefined);
				return false;
			}
		},

		close() {},
	};
}
