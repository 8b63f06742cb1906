import type { Kysely } from "kysely";
import type { Database } from "~db/schema";
import {
	ALL_FIELDS,
	completeTerms,
	type FieldReach,
	findTerms,
	type SearchExpr,
	type TermRow,
	trigramNeighbours,
} from "~db/search-dialect";
import { keysOf } from "./documents.server";
import {
	allowedEdits,
	editDistance,
	isStopWord,
	keyOf,
	normalizeText,
	oneEditAway,
	otherLayout,
	scriptOf,
	stemOf,
	stemsOf,
	wordsOf,
} from "./text.server";

/**
 * From what a visitor typed to what the index is asked (docs/decisions/0030-search.md). Every word must
 * match, in any field and any order. A word matches as typed, as a word form (the same stem), in the other
 * alphabet (the same transliteration key), through a synonym staff set, and, only when the word as typed
 * is not in the vocabulary at all, typed on the other keyboard layout or with a typo.
 */

type Executor = Kysely<Database>;

/** How a word met the index, best first: the order of the results follows it within each field. */
export const MATCH = { exact: 0, form: 1, spelling: 2, typo: 3 } as const;
export type MatchKind = (typeof MATCH)[keyof typeof MATCH];

interface Choice {
	token: string;
	kind: MatchKind;
}

/** One word of a query: any of its choices will do. */
interface WordMatch {
	choices: Choice[];
}

/** Several words that must all match (a synonym may be a phrase: "lounge chair"). */
interface Phrase {
	words: WordMatch[];
}

/** A place in the query: any of its phrases will do (the words typed, or one of their synonyms). */
interface Unit {
	phrases: Phrase[];
}

export interface QueryPlan {
	units: Unit[];
	/**
	 * The query as the search understood it, when that differs from what was typed: a word was not in the
	 * vocabulary and the other keyboard layout or a typo's correction was (the "Did you mean").
	 */
	correction: string | null;
}

/** A synonym group as staff wrote it: phrases that mean the same ("кресло", "armchair", "lounge chair"). */
export type SynonymGroup = readonly string[];

/**
 * The choices of a word found as typed: itself, its word forms, its spellings in the other alphabet.
 * A word typed on the other layout (`layout`) is itself and its forms only, a notch lower: to read it in
 * the other alphabet as well would be a guess upon a guess («стол» typed as "cnjk" is no "stool").
 */
function directChoices(word: string, options: { layout?: boolean; floor?: MatchKind } = {}): Choice[] {
	const floor: MatchKind = options.layout ? MATCH.spelling : (options.floor ?? MATCH.exact);
	const at = (kind: MatchKind): MatchKind => (kind < floor ? floor : kind);
	if (scriptOf(word) === "other") return [{ token: word, kind: at(MATCH.exact) }];
	// A document spells a stem or key that is a word of its own as the bare word (wordTokens): ask for both.
	const both = (token: string, kind: MatchKind, marker: string): Choice[] => [
		{ token: `${marker}${token}`, kind: at(kind) },
		{ token, kind: at(kind) },
	];
	return [
		{ token: word, kind: at(MATCH.exact) },
		...stemsOf(word).flatMap((stem) => both(stem, MATCH.form, "s_")),
		...(options.layout ? [] : keysOf(word).flatMap((key) => both(key, MATCH.spelling, "k_"))),
	];
}

/** How many words a word still being typed may stand for: the shortest that start with it. */
const COMPLETIONS = 30;

/**
 * The choices of a word still being typed (suggestions): the vocabulary's words that start with it, or
 * (another alphabet) whose key starts with its key. Empty when there are none.
 */
async function completionChoices(executor: Executor, word: string, layout = false): Promise<Choice[]> {
	if (scriptOf(word) === "other") return [{ token: word, kind: MATCH.exact }];
	const key = layout ? "" : keyOf(word);
	const rows = await completeTerms(executor, { term: word, key: key.length >= 2 ? key : "" }, COMPLETIONS);
	return rows.map((row) => ({
		token: row.term,
		kind: layout ? MATCH.spelling : row.term.startsWith(word) ? MATCH.exact : MATCH.spelling,
	}));
}

function isHit(word: string, rows: readonly TermRow[], known: ReadonlySet<string>): boolean {
	if (scriptOf(word) === "other") return true;
	const stems = stemsOf(word);
	if (stems.some((stem) => known.has(stem))) return true;
	const keys = keysOf(word);
	return rows.some(
		(row) =>
			row.term === word || stems.includes(row.stem) || keys.includes(row.key) || keys.includes(row.stem_key),
	);
}

async function lookUp(executor: Executor, words: readonly string[]): Promise<TermRow[]> {
	const lettered = words.filter((word) => scriptOf(word) !== "other");
	return findTerms(executor, {
		terms: lettered,
		stems: lettered.flatMap(stemsOf),
		keys: lettered.flatMap(keysOf),
	});
}

/** The best few vocabulary words one or two edits from a word (or whose key is one edit from its key). */
async function typoCandidates(executor: Executor, word: string): Promise<string[]> {
	const edits = allowedEdits(word);
	if (edits === 0 || scriptOf(word) === "other") return [];
	const key = keyOf(word);
	const keyVariants = key.length >= 5 ? oneEditAway(key) : [];
	const rows = await findTerms(executor, { terms: oneEditAway(word), stems: [], keys: keyVariants });
	const distances = new Map<string, number>();
	for (const row of rows) {
		const distance = Math.min(
			editDistance(word, row.term, edits),
			keyVariants.includes(row.key) || keyVariants.includes(row.stem_key) ? 1 : edits + 1,
		);
		if (distance <= edits) distances.set(row.term, Math.min(distance, distances.get(row.term) ?? distance));
	}
	if (edits >= 2) {
		for (const term of await trigramNeighbours(executor, word, 200)) {
			const distance = editDistance(word, term, edits);
			if (distance <= edits) distances.set(term, Math.min(distance, distances.get(term) ?? distance));
		}
	}
	const first = [...word][0];
	return [...distances]
		.sort(
			([a, da], [b, db]) =>
				da - db || Number([...b][0] === first) - Number([...a][0] === first) || (a < b ? -1 : a > b ? 1 : 0),
		)
		.slice(0, 3)
		.map(([term]) => term);
}

interface PlannedWord {
	/** The word searched for (as typed, or corrected). */
	word: string;
	choices: Choice[];
	/** Whether the word is a correction of what was typed. */
	corrected: boolean;
}

/**
 * Plans a query. `prefix`: the last word is still being typed (suggestions), so it matches the words that
 * start with it. Null when nothing searchable is left (only signs, or only little words like "the").
 */
export async function planQuery(
	executor: Executor,
	text: string,
	options: { prefix?: boolean; synonyms?: readonly SynonymGroup[] } = {},
): Promise<QueryPlan | null> {
	const typing = (options.prefix ?? false) && !/\s$/u.test(text);
	const rawTokens = normalizeText(text).split(/\s+/u).filter(Boolean);
	const groups = rawTokens.map((raw) => wordsOf(raw));
	const all = groups.flat();
	const keep = (word: string) => all.every(isStopWord) || !isStopWord(word);
	const filtered = groups.map((words) => words.filter(keep));
	const lastGroup = filtered.findLastIndex((words) => words.length > 0);
	if (lastGroup === -1) return null;

	// A word of a synonym staff set is known even where no piece has it yet ("couch" = "sofa").
	const known = new Set(
		(options.synonyms ?? []).flatMap((group) => group.flatMap((phrase) => wordsOf(phrase).map(stemOf))),
	);
	const typedLast = (group: number, index: number, count: number) =>
		typing && group === lastGroup && index === count - 1;
	const found = await lookUp(
		executor,
		filtered.flatMap((words, group) => words.filter((_, index) => !typedLast(group, index, words.length))),
	);
	/** A word's choices if the vocabulary has it (or, being typed, words that start with it); else null. */
	const resolve = async (word: string, last: boolean, rows: readonly TermRow[], layout: boolean) => {
		if (last) {
			const choices = await completionChoices(executor, word, layout);
			return choices.length > 0 ? choices : null;
		}
		return isHit(word, rows, known) ? directChoices(word, { layout }) : null;
	};

	const planned: PlannedWord[][] = [];
	for (const [group, words] of filtered.entries()) {
		if (words.length === 0) continue;
		const resolved = await Promise.all(
			words.map((word, index) => resolve(word, typedLast(group, index, words.length), found, false)),
		);
		if (resolved.every((choices) => choices !== null)) {
			planned.push(words.map((word, index) => ({ word, choices: resolved[index] ?? [], corrected: false })));
			continue;
		}
		// Typed on the other keyboard layout? The whole token, signs included (',' is «б»).
		const layout = otherLayout(rawTokens[group] ?? "");
		const converted = layout ? wordsOf(layout).filter(keep) : [];
		if (converted.length > 0) {
			const last = (index: number) => typedLast(group, index, converted.length);
			const convertedFound = await lookUp(
				executor,
				converted.filter((_, index) => !last(index)),
			);
			const convertedResolved = await Promise.all(
				converted.map((word, index) => resolve(word, last(index), convertedFound, true)),
			);
			if (convertedResolved.every((choices) => choices !== null)) {
				planned.push(
					converted.map((word, index) => ({
						word,
						choices: convertedResolved[index] ?? [],
						corrected: true,
					})),
				);
				continue;
			}
		}
		const corrected: PlannedWord[] = [];
		for (const [index, word] of words.entries()) {
			const choices = resolved[index];
			if (choices) {
				corrected.push({ word, choices, corrected: false });
				continue;
			}
			const candidates = typedLast(group, index, words.length) ? [] : await typoCandidates(executor, word);
			if (candidates.length === 0) {
				// Not found in any way: the word stays, and the query finds nothing.
				corrected.push({ word, choices: directChoices(word), corrected: false });
				continue;
			}
			corrected.push({
				word: candidates[0] ?? word,
				choices: candidates.flatMap((candidate) => [
					{ token: candidate, kind: MATCH.typo },
					{ token: `s_${stemOf(candidate)}`, kind: MATCH.typo },
				]),
				corrected: true,
			});
		}
		planned.push(corrected);
	}

	const words = planned.flat();
	const units = withSynonyms(words, options.synonyms ?? [], typing);
	const correction = words.some((word) => word.corrected) ? words.map((word) => word.word).join(" ") : null;
	return { units, correction };
}

/** A synonym phrase as the words and stems it is matched by. */
function phraseWords(phrase: string): string[] {
	return wordsOf(phrase);
}

/**
 * The query's units: each word its own, except where a run of words is a phrase of a synonym group
 * (compared by stems, so «кресла» finds the group of «кресло»): that run becomes one unit whose phrases
 * are the run itself and every other phrase of the group (matched as word forms at best).
 */
function withSynonyms(
	words: readonly PlannedWord[],
	groups: readonly SynonymGroup[],
	typing: boolean,
): Unit[] {
	const stems = words.map((word) => stemOf(word.word));
	const phrases = groups.map((group) => group.map(phraseWords).filter((list) => list.length > 0));
	const units: Unit[] = [];
	let index = 0;
	while (index < words.length) {
		let bestLength = 0;
		let bestGroup: string[][] | undefined;
		for (const group of phrases) {
			for (const phrase of group) {
				if (phrase.length <= bestLength || index + phrase.length > words.length) continue;
				// The word being typed is not a word yet: no synonym of it.
				if (typing && index + phrase.length === words.length) continue;
				if (phrase.every((word, offset) => stemOf(word) === stems[index + offset])) {
					bestLength = phrase.length;
					bestGroup = group;
				}
			}
		}
		if (!bestGroup) {
			const word = words[index] as PlannedWord;
			units.push({ phrases: [{ words: [{ choices: word.choices }] }] });
			index += 1;
			continue;
		}
		const own = words.slice(index, index + bestLength);
		const ownStems = own.map((word) => stemOf(word.word)).join(" ");
		const others = bestGroup.filter((phrase) => phrase.map(stemOf).join(" ") !== ownStems);
		// A synonym ranks as a word form of what was typed, and never above the words it stands for: the
		// synonyms of a word typed on the other layout rank as that word does.
		const floor = Math.max(
			MATCH.form,
			...own.map((word) => Math.min(...word.choices.map((choice) => choice.kind))),
		) as MatchKind;
		units.push({
			phrases: [
				{ words: own.map((word) => ({ choices: word.choices })) },
				...others.map((phrase) => ({
					words: phrase.map((word) => ({ choices: directChoices(word, { floor }) })),
				})),
			],
		});
		index += bestLength;
	}
	return units;
}

// -------------------------------------------------------------------------------------------------------
// From a plan to the index's expressions

function kindsOf(plan: QueryPlan): MatchKind[] {
	const kinds = new Set<MatchKind>();
	for (const unit of plan.units)
		for (const phrase of unit.phrases)
			for (const word of phrase.words) for (const choice of word.choices) kinds.add(choice.kind);
	return [...kinds].sort();
}

/**
 * Every word of the plan, each matching in the first `within` fields as well as `kind` allows; null when
 * that cannot be.
 */
function expressionAt(plan: QueryPlan, within: FieldReach, kind: MatchKind): SearchExpr | null {
	const units: SearchExpr[] = [];
	for (const unit of plan.units) {
		const phrases: SearchExpr[] = [];
		for (const phrase of unit.phrases) {
			const words: SearchExpr[] = [];
			for (const word of phrase.words) {
				const tokens = word.choices
					.filter((choice) => choice.kind <= kind)
					.map((choice): SearchExpr => ({ op: "token", token: choice.token, within }));
				if (tokens.length === 0) break;
				words.push(tokens.length === 1 ? (tokens[0] as SearchExpr) : { op: "or", items: tokens });
			}
			if (words.length === phrase.words.length)
				phrases.push(words.length === 1 ? (words[0] as SearchExpr) : { op: "and", items: words });
		}
		if (phrases.length === 0) return null;
		units.push(phrases.length === 1 ? (phrases[0] as SearchExpr) : { op: "or", items: phrases });
	}
	return units.length === 1 ? (units[0] as SearchExpr) : { op: "and", items: units };
}

const withFilters = (expr: SearchExpr, filters: readonly string[]): SearchExpr =>
	filters.length === 0
		? expr
		: {
				op: "and",
				items: [expr, ...filters.map((token): SearchExpr => ({ op: "token", token, within: "filter" }))],
			};

/**
 * How a match ranks, by the weakest of the query's words: found as typed or as a word form, then in the
 * other alphabet (or layout), then only as a typo's correction. Within each, by the field (name, artist,
 * materials, description), and as typed before a word form.
 */
const TIERS: readonly (readonly MatchKind[])[] = [[MATCH.exact, MATCH.form], [MATCH.spelling], [MATCH.typo]];

/**
 * The plan's levels, best first (TIERS). Each level is everything matched so far, so a piece belongs to
 * the first level it matches; the last one is every match. `filters` are meta tokens every match must
 * have (a category, an artist). `reach` limits the fields (the artist index has only names: 1).
 */
export function levelsOf(
	plan: QueryPlan,
	filters: readonly string[] = [],
	reach: FieldReach = ALL_FIELDS,
): SearchExpr[] {
	const present = new Set(kindsOf(plan));
	const levels: SearchExpr[] = [];
	let earlierTiers: SearchExpr | null = null;
	let previous = "";
	for (const tier of TIERS) {
		const kinds = tier.filter((kind) => present.has(kind));
		const strongest = kinds[kinds.length - 1];
		if (strongest === undefined) continue;
		for (let count = 1; count <= reach; count++) {
			const within = count as FieldReach;
			const earlierFields = count > 1 ? expressionAt(plan, (count - 1) as FieldReach, strongest) : null;
			for (const kind of kinds) {
				const expr = expressionAt(plan, within, kind);
				const text = JSON.stringify(expr);
				if (!expr || text === previous) continue;
				previous = text;
				const parts = [earlierTiers, earlierFields, expr].filter((part): part is SearchExpr => part !== null);
				levels.push(withFilters(parts.length === 1 ? expr : { op: "or", items: parts }, filters));
			}
		}
		earlierTiers = expressionAt(plan, reach, strongest) ?? earlierTiers;
	}
	return levels;
}

/** Every match of the plan, with the filters: the simplest expression that finds them all (for counting). */
export function everyMatchOf(plan: QueryPlan, filters: readonly string[] = []): SearchExpr | null {
	const kinds = kindsOf(plan);
	const strongest = kinds[kinds.length - 1];
	const expr = strongest === undefined ? null : expressionAt(plan, ALL_FIELDS, strongest);
	return expr ? withFilters(expr, filters) : null;
}
