import * as z from "zod";
import { PROJECT_AVAILABILITIES, PROJECT_CATEGORIES, PROJECT_STATUSES } from "~/lib/categories";
import { isHttpAddress } from "~/lib/validation";
import { ART_COLLECTIONS, NO_COLLECTION } from "./collections";

/**
 * The admin project form's fields (add and edit share them), safe for the browser: the same schema
 * validates as the admin types and again on the server. Messages are keys in the admin namespace.
 * Images are not in the schema: the server checks them by decoding (app/services/image-upload.server.ts).
 */
export const PROJECT_ID_PATTERN = /^[a-z0-9](?:[a-z0-9_-]*[a-z0-9])?$/;
export const MAX_PROJECT_ID_LENGTH = 80;
export const MAX_GALLERY_FILES = 12;

/** Form field names for the gallery, which the schema leaves to the server (files and per-row controls). */
export const GALLERY_FIELDS = {
	files: "gallery",
	remove: "galleryRemove",
	position: (rowId: number) => `galleryPosition-${rowId}`,
	cover: "cover",
	/** A gallery picture's alt text in English and in Russian (public pages fall back to the piece's name). */
	altEn: (rowId: number) => `galleryAltEn-${rowId}`,
	altRu: (rowId: number) => `galleryAltRu-${rowId}`,
} as const;

/** The longest alt text kept: a sentence or two, what a screen reader reads out. */
export const MAX_ALT_LENGTH = 300;

/** An external http(s) address, or a path on this site starting with a single "/". */
export function isValidProjectLink(value: string): boolean {
	if (/\s/.test(value)) return false;
	if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
	return isHttpAddress(value);
}

const required = (message: string, max: number) =>
	z.string({ error: message }).trim().min(1, message).max(max, "admin:projects.errors.tooLong");

const optionalText = (max: number) =>
	z.string().trim().max(max, "admin:projects.errors.tooLong").optional().default("");

export const projectSchema = z.object({
	customId: z
		.string()
		.trim()
		.max(MAX_PROJECT_ID_LENGTH, "admin:projects.errors.tooLong")
		// Blank (spaces only) means "generate one", as the spec says.
		.refine((id) => id === "" || PROJECT_ID_PATTERN.test(id), "admin:projects.errors.idInvalid")
		.optional(),
	name: required("admin:projects.errors.nameRequired", 200),
	/** An artist's id; the server checks that the artist exists. */
	artistId: required("admin:projects.errors.artistRequired", 100),
	category: z.enum(PROJECT_CATEGORIES, { error: "admin:projects.errors.categoryRequired" }),
	price: z
		.number({ error: "admin:projects.errors.priceInvalid" })
		.int("admin:projects.errors.priceInvalid")
		.min(0, "admin:projects.errors.priceInvalid")
		.max(1_000_000_000, "admin:projects.errors.priceInvalid")
		.optional()
		.default(0),
	link: z
		.string()
		.trim()
		.max(2000, "admin:projects.errors.tooLong")
		.refine(isValidProjectLink, "admin:projects.errors.linkInvalid")
		.optional(),
	descriptionEn: optionalText(5000),
	descriptionRu: optionalText(5000),
	/**
	 * Which button saved the form: the primary one sends published, "Save as draft" draft. Absent (a form
	 * posted without either) keeps an edited project's status, so nothing publishes a draft by default.
	 */
	status: z.enum(PROJECT_STATUSES, { error: "admin:projects.errors.statusInvalid" }).optional(),
	featured: z.boolean().optional().default(false),
	featuredOrder: z
		.number({ error: "admin:projects.errors.orderInvalid" })
		.int("admin:projects.errors.orderInvalid")
		.min(0, "admin:projects.errors.orderInvalid")
		.max(10_000, "admin:projects.errors.orderInvalid")
		.optional()
		.default(0),
	availability: z
		.enum(PROJECT_AVAILABILITIES, { error: "admin:projects.errors.availabilityInvalid" })
		.optional()
		.default("available"),
	/**
	 * /art's collection the piece is tagged with, or NO_COLLECTION. Absent (a form posted without the
	 * field) keeps the piece's, as the status does.
	 */
	collection: z
		.enum([NO_COLLECTION, ...ART_COLLECTIONS], { error: "admin:projects.errors.collectionInvalid" })
		.optional(),
	dimensions: optionalText(100),
	materialsEn: optionalText(300),
	materialsRu: optionalText(300),
	year: z
		.number({ error: "admin:projects.errors.yearInvalid" })
		.int("admin:projects.errors.yearInvalid")
		.min(1000, "admin:projects.errors.yearInvalid")
		.max(2100, "admin:projects.errors.yearInvalid")
		.optional(),
	editionSize: z
		.number({ error: "admin:projects.errors.editionInvalid" })
		.int("admin:projects.errors.editionInvalid")
		.min(1, "admin:projects.errors.editionInvalid")
		.max(100_000, "admin:projects.errors.editionInvalid")
		.optional(),
});

export type ProjectFormValues = z.infer<typeof projectSchema>;
