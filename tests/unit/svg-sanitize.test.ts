import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { isSafeCss, MAX_SVG_ELEMENTS, SvgRejectedError, sanitizeSvg } from "~/lib/svg-sanitize.server";
import { SVG_ATTACKS, svgDangers } from "../security/svg-attacks";

/** What a refused file looks like to the caller: a SvgRejectedError, or the cleaned text. */
function outcome(svg: string): string | SvgRejectedError {
	try {
		return sanitizeSvg(svg);
	} catch (error) {
		if (error instanceof SvgRejectedError) return error;
		throw error;
	}
}

describe("SVG attacks are cleaned out and the drawing is kept", () => {
	it.each(SVG_ATTACKS.map((attack) => [attack.name, attack.svg]))("%s", async (_name, svg) => {
		const clean = sanitizeSvg(svg);
		expect(svgDangers(clean)).toEqual([]);
		expect(clean).toContain('<rect id="kept" width="40" height="30" fill="#3366cc"/>');
		// What is left is still a drawing librsvg reads.
		expect((await sharp(Buffer.from(clean)).metadata()).format).toBe("svg");
	});
});

describe("sanitizeSvg", () => {
	it("CSS image-set() with an outside address is refused by the CSS check itself", () => {
		expect(isSafeCss('background: image-set("https://evil.example/a.png" 1x)')).toBe(false);
		expect(isSafeCss("background:IMAGE-SET( 'x.png' 1x )")).toBe(false);
		expect(isSafeCss('g { background: src("https://evil.example/a.png") }')).toBe(false);
		expect(isSafeCss("fill: rgb(10, 20, 30); stroke: url(#gradient); transform: rotate(45deg)")).toBe(true);
	});

	it("billion laughs: a document that declares entities is refused before they can be expanded", () => {
		const laughs = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&b;</text></svg>`;
		expect(outcome(laughs)).toBeInstanceOf(SvgRejectedError);
		const external = `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>`;
		expect(outcome(external)).toBeInstanceOf(SvgRejectedError);
	});

	it("element flood: a drawing of more elements than any logo has is refused before it is parsed", () => {
		const head = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">';
		const flood = `${head}${"<g/>".repeat(MAX_SVG_ELEMENTS + 1)}</svg>`;
		expect(outcome(flood)).toBeInstanceOf(SvgRejectedError);
		const attributes = Array.from({ length: 20 * MAX_SVG_ELEMENTS }, (_, i) => `a${i}="1"`).join(" ");
		expect(outcome(`${head}<rect ${attributes}/></svg>`)).toBeInstanceOf(SvgRejectedError);
	});

	it.each([
		["plain text", "just some words"],
		[
			"an HTML page with an <svg> inside",
			'<html><body><svg xmlns="http://www.w3.org/2000/svg"/></body></html>',
		],
		["a truncated drawing", '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"'],
		["a root in the wrong namespace", '<svg xmlns="http://www.w3.org/1999/xhtml"><rect/></svg>'],
		["text after the root", '<svg xmlns="http://www.w3.org/2000/svg"/><script>alert(1)</script>'],
	])("a file that is not an SVG document is refused: %s", (_name, input) => {
		expect(outcome(input)).toBeInstanceOf(SvgRejectedError);
	});

	it("keeps an ordinary drawing: gradients, local <use>, filters, a harmless style sheet, raster data images", () => {
		const pixel =
			"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
		const clean = sanitizeSvg(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">
  <!-- made by hand -->
  <style>/* brand */ .st0 { fill: url(#grad); stroke: #222 }</style>
  <defs>
    <linearGradient id="grad"><stop offset="0" stop-color="#e5533d"/></linearGradient>
    <symbol id="dot"><circle cx="5" cy="5" r="5"/></symbol>
    <filter id="soft"><feGaussianBlur stdDeviation="2"/></filter>
  </defs>
  <rect class="st0" width="100" height="100" filter="url(#soft)"/>
  <use xlink:href="#dot" x="10"/><use href="#dot" x="20"/>
  <image href="${pixel}" width="1" height="1"/>
  <text x="10" y="70" style="font-family: 'Helvetica Neue'; fill: rgb(0, 0, 0)">FORMA &amp; co</text>
</svg>`);
		expect(clean).toContain(".st0 { fill: url(#grad); stroke: #222 }");
		expect(clean).toContain('<linearGradient id="grad">');
		expect(clean).toContain('<use xlink:href="#dot" x="10"/>');
		expect(clean).toContain('<use href="#dot" x="20"/>');
		expect(clean).toContain('<feGaussianBlur stdDeviation="2"/>');
		expect(clean).toContain('filter="url(#soft)"');
		expect(clean).toContain(`href="${pixel}"`);
		expect(clean).toContain("FORMA &amp; co");
		expect(clean).toContain("font-family: 'Helvetica Neue'");
		expect(svgDangers(clean)).toEqual([]);
	});

	it("a hand-written drawing without xmlns is kept, in the SVG namespace", () => {
		const clean = sanitizeSvg('<svg width="64" height="40"><text x="4" y="20" onclick="x()">42</text></svg>');
		expect(clean).toContain('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="40">');
		expect(clean).toContain('<text x="4" y="20">42</text>');
	});
});
