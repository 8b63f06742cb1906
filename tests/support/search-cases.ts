/**
 * The search's relevance table (issue #34): what visitors typed, in both languages, and the pieces of the
 * seed catalogue that must come first. tests/integration/search-relevance.test.ts holds the search to it on
 * SQLite and on Postgres; tests/bench/search.ts times the same queries on a grown catalogue.
 */

/** Synonym groups as staff would set them in /admin/search (the table's synonym rows need them). */
export const SEARCH_SYNONYMS: string[][] = [
	["кресло", "armchair", "lounge chair"],
	["диван", "sofa", "couch"],
];

export interface RelevanceCase {
	query: string;
	/** The pieces that must come first, in any order among themselves. */
	first: string[];
	/** The "Did you mean" the search must offer (a correction of the other layout or a typo); none if absent. */
	correction?: string;
	/** What the row proves. */
	why: string;
}

const CORPUS = ["arc-lounge-chair", "slab-oak-dining-table", "dune-ceramic-set"];
const TKAN = ["pleat-wool-coat", "linen-field-scarf", "indigo-dye-workshop"];
const MASQUESPACIO = ["terra-modular-sofa", "pill-side-table"];
const BUREAU_NORD = ["quiet-grid-poster", "northline-identity", "crumb-bakery-identity"];
const FURNITURE = [
	"arc-lounge-chair",
	"slab-oak-dining-table",
	"terra-modular-sofa",
	"pill-side-table",
	"loop-bench",
	"fold-steel-shelf",
	"nido-stool",
	"block-cabinet",
];

export const RELEVANCE_CASES: RelevanceCase[] = [
	// The issue's own table.
	{ query: "кресла", first: ["arc-lounge-chair"], why: "a Russian word form («кресло»)" },
	{
		query: "столы",
		first: ["slab-oak-dining-table"],
		why: "a Russian plural («стол») before the Latin look-alike «stool»",
	},
	{ query: "chairs", first: ["arc-lounge-chair"], why: "an English plural" },
	{ query: "lamps", first: ["orbit-table-lamp"], why: "an English plural" },
	{ query: "oak chair", first: ["arc-lounge-chair"], why: "two words in two fields" },
	{ query: "березовая фанера", first: ["block-cabinet"], why: "е for ё, the materials" },
	{ query: "корпус", first: CORPUS, why: "Cyrillic for a Latin artist's name" },
	{
		query: "rhtckj",
		first: ["arc-lounge-chair"],
		correction: "кресло",
		why: "«кресло» typed on the English layout",
	},
	{ query: "chiar", first: ["arc-lounge-chair"], correction: "chair", why: "a swap of two letters" },
	{ query: "cabinnet", first: ["block-cabinet"], why: "a doubled letter" },
	// Word forms.
	{ query: "шарфы", first: ["linen-field-scarf"], why: "a Russian plural" },
	{ query: "вазы", first: ["ripple-glass-vase"], why: "a Russian plural" },
	{
		query: "диваны",
		first: ["terra-modular-sofa"],
		why: "a Russian plural, the name's own word through a synonym",
	},
	{ query: "стеллажи", first: ["fold-steel-shelf"], why: "a Russian plural in the description" },
	{ query: "табуреты", first: ["nido-stool"], why: "a Russian plural in the description" },
	{ query: "плакаты", first: ["quiet-grid-poster"], why: "a Russian plural" },
	{ query: "рельефа", first: ["tidal-relief"], why: "a Russian case" },
	{ query: "керамики", first: ["dune-ceramic-set"], why: "a Russian case in the materials" },
	{
		query: "ДУБА",
		first: ["slab-oak-dining-table"],
		why: "capitals; the word as typed before its other forms",
	},
	{ query: "benches", first: ["loop-bench"], why: "an English plural in -es" },
	{ query: "vases", first: ["ripple-glass-vase"], why: "an English plural" },
	{ query: "shelves", first: ["fold-steel-shelf"], why: "an English plural in -ves" },
	{ query: "scarves", first: ["linen-field-scarf"], why: "an English plural in -ves" },
	// Transliteration both ways.
	{ query: "Маскеспасио", first: MASQUESPACIO, why: "a Latin name typed in Cyrillic" },
	{ query: "Masquespacio", first: MASQUESPACIO, why: "the artist's name" },
	{ query: "Корпус Студио", first: CORPUS, why: "both words of a Latin name in Cyrillic" },
	{ query: "Чуч Эстудио", first: ["ripple-glass-vase", "nido-stool"], why: "a Latin name in Cyrillic" },
	{ query: "норд", first: BUREAU_NORD, why: "one word of a name in Cyrillic" },
	{ query: "tkan", first: TKAN, why: "a name that is Russian, in Latin" },
	{ query: "Ткань", first: TKAN, why: "the same name in Cyrillic" },
	{ query: "kreslo", first: ["arc-lounge-chair"], why: "a Russian word in Latin letters" },
	{ query: "berezovaya fanera", first: ["block-cabinet"], why: "two Russian words in Latin letters" },
	{ query: "ОАК", first: ["slab-oak-dining-table"], why: "an English word in Cyrillic letters" },
	// The other keyboard layout, both ways.
	{
		query: "ащдв",
		first: ["fold-steel-shelf"],
		correction: "fold",
		why: "“fold” typed on the Russian layout",
	},
	{
		query: "дфьз",
		first: ["orbit-table-lamp"],
		correction: "lamp",
		why: "“lamp” typed on the Russian layout",
	},
	{ query: "ыщаф", first: ["terra-modular-sofa"], correction: "sofa", why: "“sofa” on the Russian layout" },
	{
		query: "cnjk",
		first: ["slab-oak-dining-table"],
		correction: "стол",
		why: "«стол» on the English layout",
	},
	{
		query: "gfkmnj",
		first: ["pleat-wool-coat"],
		correction: "пальто",
		why: "«пальто» on the English layout",
	},
	{ query: "ifha", first: ["linen-field-scarf"], correction: "шарф", why: "«шарф» on the English layout" },
	// Typos: one edit from five letters, two from nine.
	{ query: "ceramci", first: ["dune-ceramic-set"], correction: "ceramic", why: "a swap" },
	{ query: "scraf", first: ["linen-field-scarf"], correction: "scarf", why: "a swap in a five-letter word" },
	{ query: "кресдо", first: ["arc-lounge-chair"], correction: "кресло", why: "a wrong Russian letter" },
	{ query: "дивна", first: ["terra-modular-sofa"], correction: "диван", why: "a Russian swap" },
	{ query: "furnitrue", first: FURNITURE, correction: "furniture", why: "a category's name with a swap" },
	{ query: "upholsterd", first: ["arc-lounge-chair"], correction: "upholstered", why: "a letter left out" },
	{
		query: "uphlsterd",
		first: ["arc-lounge-chair"],
		correction: "upholstered",
		why: "two letters left out of a long word",
	},
	{
		query: "подлакотнки",
		first: ["arc-lounge-chair"],
		correction: "подлокотники",
		why: "two edits in a long Russian word",
	},
	{
		query: "identiyt",
		first: ["northline-identity", "crumb-bakery-identity"],
		correction: "identity",
		why: "a swap",
	},
	// Several words, any order, any field.
	{ query: "wool coat", first: ["pleat-wool-coat"], why: "both words in the name" },
	{ query: "steel shelf", first: ["fold-steel-shelf"], why: "both words in the name" },
	{ query: "glass vase", first: ["ripple-glass-vase"], why: "both words in the name" },
	{ query: "chair oak", first: ["arc-lounge-chair"], why: "the words in another order" },
	{
		query: "table lamp",
		first: ["orbit-table-lamp"],
		why: "both words in one name before one word in another",
	},
	{ query: "кресло для отдыха", first: ["arc-lounge-chair"], why: "a little word («для») left out" },
	// Synonyms staff set.
	{ query: "armchair", first: ["arc-lounge-chair"], why: "a synonym of «кресло» and “lounge chair”" },
	{ query: "couch", first: ["terra-modular-sofa"], why: "a synonym no piece uses is no typo" },
	// Names, categories, facts, signs.
	{ query: "OWL", first: ["fold-steel-shelf", "block-cabinet"], why: "an artist" },
	{ query: "Bureau Nord", first: BUREAU_NORD, why: "an artist's full name" },
	{ query: "мебель", first: FURNITURE, why: "a category's Russian name" },
	{ query: "clothing", first: ["pleat-wool-coat", "linen-field-scarf"], why: "a category's English name" },
	{ query: "берёзовая", first: ["block-cabinet"], why: "ё as typed" },
	{ query: "ＯＡＫ", first: ["slab-oak-dining-table"], why: "full-width letters (NFKC)" },
	{ query: "steam-bent", first: ["arc-lounge-chair"], why: "a hyphenated word" },
	{ query: "sideboard", first: ["block-cabinet"], why: "a word of the English description" },
	{ query: "буфет", first: ["block-cabinet"], why: "a word of the Russian description" },
];
