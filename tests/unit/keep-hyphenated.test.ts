import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { slideTitleSize } from "~/components/home/slide-frame";
import { KeepHyphenated } from "~/components/keep-hyphenated";

const render = (text: string) => renderToStaticMarkup(createElement(KeepHyphenated, { text }));

describe("hyphenated words in headings and toasts (issue #35)", () => {
	it("keeps “e-mail” on one line, and the text as it was", () => {
		expect(render("Check your e-mail")).toBe('Check your <span class="whitespace-nowrap">e-mail</span>');
		expect(render("Проверьте почту")).toBe("Проверьте почту");
		expect(render("Что-то из-за e-mail.")).toBe(
			'<span class="whitespace-nowrap">Что-то</span> <span class="whitespace-nowrap">из-за</span> <span class="whitespace-nowrap">e-mail.</span>',
		);
	});

	it("leaves a dash between words alone", () => {
		expect(render("FORMA — home")).toBe("FORMA — home");
	});
});

describe("a slide title's size (issue #35)", () => {
	it("steps down as the title grows", () => {
		const short = slideTitleSize("Furniture with character");
		const medium = slideTitleSize("Chairs and tables from independent studios");
		const long = slideTitleSize("Handmade ceramics, woven textiles and oak furniture for quiet homes");
		expect(new Set([short, medium, long]).size).toBe(3);
		expect(long).toContain("3.25rem");
	});
});
