import type { Language } from "./i18n";

/** Prices are whole rubles, written the Russian way in both languages: "140 000 ₽". */
const rubles = new Intl.NumberFormat("ru-RU", {
	style: "currency",
	currency: "RUB",
	maximumFractionDigits: 0,
});

export function formatPrice(value: number): string {
	// Intl uses narrow no-break spaces; plain no-break spaces render the same everywhere and match in tests.
	return rubles.format(value).replace(/\u202f/g, "\u00a0");
}

/** A price of 0 means the gallery names it on request (decisions, Round 2): it is never shown as "0 ₽". */
export function hasPrice(value: number | null | undefined): value is number {
	return typeof value === "number" && value > 0;
}

const counts: Partial<Record<Language, Intl.NumberFormat>> = {};

/** A count as a reader of `language` writes it: "95,000" / "95 000" (a no-break space between groups). */
export function formatCount(value: number, language: Language): string {
	counts[language] ??= new Intl.NumberFormat(language === "ru" ? "ru-RU" : "en-GB");
	return counts[language].format(value).replace(/[\u202f\u00a0]/g, "\u00a0");
}

/**
 * The gallery's clock. Every date the site shows is read in Moscow time, named explicitly, so the server
 * (whatever its zone) and the visitor's browser print the same text and hydration changes nothing.
 */
export const GALLERY_TIME_ZONE = "Europe/Moscow";

/** English dates the British way ("1 Nov 2026"), like the rest of the English copy; Russian the Russian way. */
const LOCALES: Record<Language, string> = { en: "en-GB", ru: "ru-RU" };

const DATE_STYLES = {
	/** "3 Mar 2026" / "3 мар. 2026 г.": lists of requests. */
	date: { dateStyle: "medium" },
	/** "3 Mar 2026, 14:05" / "3 мар. 2026 г., 14:05": when a request arrived, when a message went out. */
	dateTime: { dateStyle: "medium", timeStyle: "short" },
	/** "3 March 2026" / "3 марта 2026 г.": a document's date. */
	longDate: { day: "numeric", month: "long", year: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof DATE_STYLES;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment (an ISO string as the database keeps it, or a Date) as a reader of `language` writes it. */
export function formatDate(value: string | Date, language: Language, style: DateStyle = "date"): string {
	const key = `${language}:${style}`;
	let format = dateFormats.get(key);
	if (!format) {
		format = new Intl.DateTimeFormat(LOCALES[language], {
			...DATE_STYLES[style],
			timeZone: GALLERY_TIME_ZONE,
		});
		dateFormats.set(key, format);
	}
	return format.format(typeof value === "string" ? new Date(value) : value);
}

/** A calendar day written as "2026-03-01" (no time of its own): read at noon, so no zone moves it a day. */
export function formatCalendarDate(isoDate: string, language: Language): string {
	return formatDate(`${isoDate}T12:00:00Z`, language, "longDate");
}

/** The year it is now in the gallery (the footer's copyright line). */
const yearFormat = new Intl.DateTimeFormat("en", { year: "numeric", timeZone: GALLERY_TIME_ZONE });

export function currentYear(now: Date = new Date()): number {
	return Number(yearFormat.format(now));
}

const megabyteFormats: Record<Language, Intl.NumberFormat> = {
	en: new Intl.NumberFormat(LOCALES.en, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
	ru: new Intl.NumberFormat(LOCALES.ru, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
};

/** A file size in megabytes with one decimal, as the language writes it: "7.3" / "7,3" (the unit is in the text). */
export function formatMegabytes(bytes: number, language: Language): string {
	return megabyteFormats[language].format(bytes / 1024 / 1024);
}
