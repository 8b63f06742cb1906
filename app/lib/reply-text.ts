/**
 * The new text of a reply by e-mail (issue #37, docs/decisions/0037): what the person wrote, without the
 * history their mail client quoted under it or the signature it added. Mail clients mark the history in
 * their own ways; the rules below cover the common ones in English and Russian:
 * - a header line before the quote: "On … wrote:" (Gmail, Apple Mail, Thunderbird), "… пишет:" /
 *   "… написал(а):" (Thunderbird, Apple Mail in Russian), and the header Gmail, Yandex and Mail.ru write
 *   in Russian without a verb ("сб, 28 нояб. 2026 г. в 21:44, FORMA <…>:") when quoted lines follow;
 * - Outlook's "-----Original Message-----" / «-----Исходное сообщение-----», its rule (underscores, or a
 *   rendered <hr>) and its
 *   "From: … Sent: …" («От: … Отправлено: …») block;
 * - "> " quoted lines anywhere;
 * - a "-- " signature, and the lines phones add ("Sent from my iPhone", «Отправлено с iPhone», «Отправлено
 *   из мобильной Почты Mail.ru» …).
 * Safe for the browser; no dependencies, so tests can hold every style to it.
 */

/** A line that starts the quoted history: everything from it on is cut. */
const HISTORY_STARTS: RegExp[] = [
	/^-{2,}\s*(original message|forwarded message|исходное сообщение|пересылаемое сообщение)\s*-{2,}\s*$/i,
	// Outlook's rule above its header block: underscores in text, a <hr> (dashes, once rendered) in HTML.
	/^(_{10,}|-{10,})\s*$/,
	/^on\b.{4,}\bwrote:\s*$/i,
	/^.{4,}\s(пишет|написал|написала|написал\(а\)):\s*$/i,
	/^am\b.{4,}\bschrieb\b.*:\s*$/i,
];

/** An Outlook header block: "From: …" with "Sent:"/"Date:" among the next lines. */
const HEADER_FROM = /^\*?(from|от|von)\s*:\*?\s+\S/i;
const HEADER_SENT = /^\*?(sent|date|отправлено|дата|gesendet)\s*:\*?\s+\S/i;

/** A line a phone or a webmail adds under the text: it and what follows are not the person's words. */
const DEVICE_SIGNATURES: RegExp[] = [
	/^sent from my \S+/i,
	/^sent from (mail|outlook|yahoo mail|gmail)\b/i,
	/^get outlook for \S+/i,
	/^отправлено (с|из) /i,
];

/**
 * A verb-less quote header (Gmail, Yandex and Mail.ru in Russian): ends with ":" and names a date or an
 * address, with only quoted lines (after blank ones) under it.
 */
function isBareQuoteHeader(lines: string[], index: number): boolean {
	const line = lines[index]?.trim() ?? "";
	if (!line.endsWith(":") || !(/\d/.test(line) || line.includes("@"))) return false;
	if (!/\d{1,2}[:.]\d{2}/.test(line) && !line.includes("@")) return false;
	for (let next = index + 1; next < lines.length; next++) {
		const following = lines[next]?.trim() ?? "";
		if (following === "") continue;
		return following.startsWith(">");
	}
	return false;
}

/** Joins a header that a client wrapped over two lines ("On Sat, 28 Nov 2026 at 21:44, FORMA <…>\nwrote:"). */
function withNext(lines: string[], index: number): string {
	return `${lines[index] ?? ""} ${lines[index + 1] ?? ""}`.trim();
}

function historyStart(lines: string[]): number {
	for (let index = 0; index < lines.length; index++) {
		const line = (lines[index] ?? "").trim();
		if (HISTORY_STARTS.some((rule) => rule.test(line))) return index;
		// A header wrapped over two lines counts only when the first line does not already hold text of
		// its own: "On" at the start of a line is how a wrapped Gmail header begins.
		if (/^on\b/i.test(line) && !/[.!?]$/.test(line) && /\bwrote:\s*$/i.test(withNext(lines, index))) {
			return index;
		}
		if (HEADER_FROM.test(line)) {
			const block = lines.slice(index + 1, index + 5).map((next) => next.trim());
			if (block.some((next) => HEADER_SENT.test(next))) return index;
		}
		if (isBareQuoteHeader(lines, index)) return index;
	}
	return lines.length;
}

function signatureStart(lines: string[]): number {
	for (let index = 0; index < lines.length; index++) {
		const line = lines[index] ?? "";
		if (line === "-- " || line.trimEnd() === "--") return index;
		if (DEVICE_SIGNATURES.some((rule) => rule.test(line.trim()))) return index;
	}
	return lines.length;
}

/** The person's own text of a reply: the quoted history and signatures cut, blank lines tidied. */
export function replyText(text: string): string {
	let lines = text
		.replace(/\r\n?/g, "\n")
		.replace(/\u00a0/g, " ")
		.split("\n");
	lines = lines.slice(0, historyStart(lines));
	lines = lines.filter((line) => !line.trimStart().startsWith(">"));
	lines = lines.slice(0, signatureStart(lines));
	return lines
		.map((line) => line.trimEnd())
		.join("\n")
		.replace(/\n{3,}/g, "\n\n")
		.trim();
}
