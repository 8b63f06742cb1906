import * as z from "zod";

/**
 * The synonyms staff keep for the catalogue search (/admin/search, issue #34), safe for the browser: the
 * same schema checks the form as it is typed and again on the server. A group is words or phrases that
 * mean the same ("кресло", "armchair", "lounge chair"), one a line (commas separate too); a search for any
 * of them finds what the others find. Messages are i18n keys ("admin:…").
 */
export const SEARCH_ADMIN_PATH = "/admin/search";

export const MAX_SYNONYM_PHRASES = 20;
export const MAX_SYNONYM_PHRASE_LENGTH = 60;

/** A group's phrases as typed: one a line or between commas, spaces tidied, each once (case aside). */
export function parseSynonymPhrases(text: string): string[] {
	const seen = new Set<string>();
	const phrases: string[] = [];
	for (const part of text.split(/[\n,;]/u)) {
		const phrase = part.replace(/\s+/gu, " ").trim();
		const key = phrase.toLocaleLowerCase("ru-RU").replaceAll("ё", "е");
		if (!phrase || seen.has(key)) continue;
		seen.add(key);
		phrases.push(phrase);
	}
	return phrases;
}

/** How a group is stored and shown in its field: one phrase a line. */
export const joinSynonymPhrases = (phrases: readonly string[]) => phrases.join("\n");

const hasLetterOrDigit = (phrase: string) => /[\p{L}\p{N}]/u.test(phrase);

export const synonymSchema = z.object({
	/** create: a new group; update: an existing one (its id required). */
	intent: z.enum(["create", "update"]),
	id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
	phrases: z
		.string({ error: "admin:search.errors.tooFew" })
		.max(4000, "admin:search.errors.tooLong")
		.transform(parseSynonymPhrases)
		.refine((phrases) => phrases.length >= 2, "admin:search.errors.tooFew")
		.refine((phrases) => phrases.length <= MAX_SYNONYM_PHRASES, "admin:search.errors.tooMany")
		.refine(
			(phrases) => phrases.every((phrase) => phrase.length <= MAX_SYNONYM_PHRASE_LENGTH),
			"admin:search.errors.phraseTooLong",
		)
		.refine((phrases) => phrases.every(hasLetterOrDigit), "admin:search.errors.noWord"),
});
