import { imageStem } from "~/lib/uploads.server";
import { listDraftOnlyImageKeys } from "~/models/image-references.server";

/**
 * Images of pieces that are drafts (a piece sent back to draft included) are the administrators' only
 * (docs/decisions/0025): asked for by anyone else they are not found. An image is a draft's when only
 * drafts use it; its width variants go with it (they share its stem).
 *
 * `contentVersion` moves with every change to projects and their pictures (the page cache's, app/server/
 * site-state.ts): the list is read once per version, so an image costs a look in a set, not a query.
 */
export function draftOnlyImages(contentVersion: () => number): (key: string) => Promise<boolean> {
	let version: number | undefined;
	let stems: Promise<Set<string>> = Promise.resolve(new Set());
	return async (key) => {
		const now = contentVersion();
		if (now !== version) {
			version = now;
			stems = listDraftOnlyImageKeys().then((keys) => new Set(keys.map(imageStem)));
			// A failed read is tried again by the next request, not kept.
			stems.catch(() => {
				if (version === now) version = undefined;
			});
		}
		return (await stems).has(imageStem(key));
	};
}

/** The same answer without keeping anything (the dev server's image route). */
export async function isDraftOnlyImage(key: string): Promise<boolean> {
	const keys = await listDraftOnlyImageKeys();
	return keys.some((candidate) => imageStem(candidate) === imageStem(key));
}
