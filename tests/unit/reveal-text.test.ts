import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RevealText } from "~/components/home/reveal-text";

/** The text a reader gets from some markup: tags dropped, entities read. */
function textOf(html: string): string {
	return html
		.replace(/<[^>]+>/g, "")
		.replace(/&nbsp;|&#xa0;|&#160;/gi, "\u00a0")
		.replace(/&amp;/g, "&");
}

/** The part the eye reads: the letters (a screen reader gets the sr-only copy instead). */
const shown = (html: string) => textOf(html.replace(/<span class="sr-only">[^<]*<\/span>/, ""));

const TITLE = "Мебель с\u00a0характером и\u00a0в\u00a0деталях";

describe("the slider's text, split into words and letters", () => {
	it.each([
		["as plain words", { revealKey: 0 }],
		["letter by letter", { revealKey: 1 }],
		["letter by letter, two words a line on a phone", { revealKey: 1, pairWordsOnMobile: true }],
		["as plain words, two words a line on a phone", { revealKey: 0, pairWordsOnMobile: true }],
	])("keeps the no-break spaces that join a short word to the next (%s)", (_, props) => {
		const html = renderToStaticMarkup(createElement(RevealText, { text: TITLE, ...props }));
		expect(shown(html)).toBe(TITLE);
	});

	it("keeps a word joined by a no-break space in one unbreakable span", () => {
		const html = renderToStaticMarkup(createElement(RevealText, { text: TITLE, revealKey: 1 }));
		const words = [...html.matchAll(/<span class="inline-block whitespace-nowrap">(.*?)<\/span><\/span>/g)];
		expect(words.map((word) => textOf(word[1] ?? ""))).toEqual([
			"Мебель",
			"с\u00a0характером",
			"и\u00a0в\u00a0деталях",
		]);
	});
});
