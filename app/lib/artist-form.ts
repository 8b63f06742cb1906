import * as z from "zod";
import { slugFromName } from "./transliteration";
import { isHttpAddress } from "./validation";

/**
 * The admin artist form (/admin/artists), safe for the browser: the same schema validates as the admin
 * types and again on the server. Messages are i18n keys ("admin:…"). The portrait is not in the schema:
 * the server checks it by decoding (app/services/image-upload.server.ts).
 */
export const ARTISTS_PATH = "/admin/artists";

export const ARTIST_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
export const MAX_ARTIST_ID_LENGTH = 60;

/**
 * The id an artist gets from their name when the admin gives none: Cyrillic transliterated, accents
 * dropped, anything else a hyphen ("Студия Ткань" → "studiya-tkan", "Chuch Estudio" → "chuch-estudio").
 * Empty when nothing usable is left (the caller then falls back to "artist").
 */
export function artistIdFromName(name: string): string {
	return slugFromName(name, MAX_ARTIST_ID_LENGTH);
}

const text = (max: number) =>
	z.string().trim().max(max, "admin:artists.errors.tooLong").optional().default("");

export const artistSchema = z.object({
	/** create: a new artist (id optional); update: an existing one (id required, never changed). */
	intent: z.enum(["create", "update"]),
	id: z
		.string()
		.trim()
		.max(MAX_ARTIST_ID_LENGTH, "admin:artists.errors.tooLong")
		.refine((id) => id === "" || ARTIST_ID_PATTERN.test(id), "admin:artists.errors.idInvalid")
		.optional(),
	name: z
		.string({ error: "admin:artists.errors.nameRequired" })
		.trim()
		.min(1, "admin:artists.errors.nameRequired")
		.max(200, "admin:artists.errors.tooLong"),
	descriptionEn: text(5000),
	descriptionRu: text(5000),
	cityEn: text(100),
	cityRu: text(100),
	website: z
		.string()
		.trim()
		.max(500, "admin:artists.errors.tooLong")
		.refine(isHttpAddress, "admin:artists.errors.websiteInvalid")
		.optional(),
	sortOrder: z
		.number({ error: "admin:artists.errors.orderInvalid" })
		.int("admin:artists.errors.orderInvalid")
		.min(0, "admin:artists.errors.orderInvalid")
		.max(10_000, "admin:artists.errors.orderInvalid")
		.optional()
		.default(0),
	/** Edit only: drop the current portrait (a newly chosen file wins over this). */
	removeImage: z.boolean().optional().default(false),
	image: z.unknown().optional(),
});

export type ArtistFormValues = z.infer<typeof artistSchema>;
