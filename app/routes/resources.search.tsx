import type { LoaderFunctionArgs } from "@remix-run/node";
import { clientAddress, createRateLimiter, memoryCounterStore } from "~/lib/rate-limit.server";
import { typesetName } from "~/lib/typography.server";
import { suggestForQuery } from "~/models/search.server";
import { requireSiteOpen } from "~/services/maintenance.server";

/** What the search fields' suggestions read (app/components/search/search-field.tsx). */
export interface SearchSuggestionsPayload {
	query: string;
	pieces: Array<{ id: string; name: string; designer: string; href: string }>;
	artists: Array<{ id: string; name: string; href: string }>;
}

/** Shorter than this, a query suggests nothing: one letter would match half the catalogue. */
export const MIN_SUGGEST_LENGTH = 2;
const MAX_SUGGEST_LENGTH = 100;

/**
 * Each client address may ask 300 times a minute: a fast typist asks a few times a second at most (the
 * field waits for a pause), a script hammering the search gets 429. Counted in this instance's memory, never
 * in the database: a limit on a cheap read must not cost a write per keystroke.
 */
export const suggestionRequests = createRateLimiter({
	name: "suggestions",
	limit: 300,
	windowMs: 60_000,
	store: memoryCounterStore(),
});

/**
 * GET /resources/search?q=… — suggestions as a visitor types (issue #34): a few pieces and artists, the
 * last word taken as unfinished. JSON for the combobox of the header's and the shop's search fields;
 * without JavaScript those fields are plain GET forms to /shop and never ask here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireSiteOpen(request);
	const attempt = await suggestionRequests.hit(clientAddress(request));
	if (!attempt.allowed) {
		// The field shows no suggestions, and the search itself (a plain form to /shop) still works.
		return Response.json({ query: "", pieces: [], artists: [] } satisfies SearchSuggestionsPayload, {
			status: 429,
			headers: { "Retry-After": String(attempt.retryAfterSeconds), "Cache-Control": "no-store" },
		});
	}
	const raw = new URL(request.url).searchParams.get("q") ?? "";
	const query = raw.slice(0, MAX_SUGGEST_LENGTH);
	const payload: SearchSuggestionsPayload = { query, pieces: [], artists: [] };
	if (query.trim().length >= MIN_SUGGEST_LENGTH) {
		const found = await suggestForQuery(query);
		payload.pieces = found.pieces.map((piece) => ({
			id: piece.id,
			name: typesetName(piece.name),
			designer: typesetName(piece.designer),
			href: `/project/${encodeURIComponent(piece.id)}`,
		}));
		payload.artists = found.artists.map((artist) => ({
			id: artist.id,
			name: typesetName(artist.name),
			href: `/artist/${encodeURIComponent(artist.id)}`,
		}));
	}
	// Briefly reusable: the same letters ask the same thing, and a minute's delay after an edit is harmless.
	return Response.json(payload, { headers: { "Cache-Control": "public, max-age=60" } });
}
