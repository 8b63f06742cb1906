/**
 * Hostile SVG drawings, shared by the sanitiser's unit test (tests/unit/svg-sanitize.test.ts) and the
 * upload journey over HTTP (svg-uploads.spec.ts). Every outside address points at evil.example, and every
 * drawing also holds a harmless <rect id="kept">, so a test sees both that the attack is gone and that
 * the drawing itself survived.
 */

export interface SvgAttack {
	/** What the attacker tries; test names are built from it. */
	name: string;
	svg: string;
}

const KEPT = '<rect id="kept" width="40" height="30" fill="#3366cc"/>';
const open =
	'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="80">';

const drawing = (body: string) =>
	`<?xml version="1.0" encoding="UTF-8"?>\n${open}\n${KEPT}\n${body}\n</svg>\n`;

export const SVG_ATTACKS: SvgAttack[] = [
	{
		name: "mixed-case <ScRiPt> and OnLoAd handlers",
		svg: drawing(
			'<ScRiPt>alert(1)</ScRiPt><SCRIPT>alert(2)</SCRIPT><g OnLoAd="alert(3)" ONCLICK="alert(4)"><circle r="5"/></g>',
		),
	},
	{
		name: "namespaced elements: <h:script> in the XHTML namespace, <s:script> in the SVG one",
		svg: drawing(
			'<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>' +
				'<s:script xmlns:s="http://www.w3.org/2000/svg">alert(2)</s:script>' +
				'<g xmlns="http://www.w3.org/1999/xhtml"><script>alert(3)</script><a href="javascript:alert(4)">x</a></g>',
		),
	},
	{
		name: "CDATA in <style> hiding an @import and an outside url()",
		svg: drawing(
			"<style><![CDATA[ @import url(https://evil.example/a.css); rect { fill: url(https://evil.example/b.png) } ]]></style>",
		),
	},
	{
		name: "entity-encoded javascript: in href and xlink:href",
		svg: drawing(
			'<a href="&#106;avascript:alert(1)"><circle r="4"/></a>' +
				'<a xlink:href="&#x6A;&#x61;vascript:alert(2)"><circle r="5"/></a>' +
				'<a href="java&#x09;script:alert(3)"><circle r="6"/></a>',
		),
	},
	{
		name: "CSS image-set() with an outside address, in <style> and in style=",
		svg: drawing(
			'<style>rect { background: image-set("https://evil.example/a.png" 1x) }</style>' +
				'<circle r="7" style="fill: red; background: -webkit-image-set(\'//evil.example/b.png\' 1x)"/>',
		),
	},
	{
		name: "other CSS fetchers: src(), image(), cross-fade() and escaped url",
		svg: drawing(
			'<style>g { background: src("https://evil.example/a.png") }</style>' +
				'<circle r="8" style="background: image(\'https://evil.example/b.png\')"/>' +
				'<circle r="9" style="background: cross-fade(url(#a), \'https://evil.example/c.png\')"/>' +
				'<circle r="10" style="background: \\75 rl(https://evil.example/d.png)"/>',
		),
	},
	{
		name: "<use href> to an outside sprite (href and xlink:href)",
		svg: drawing(
			'<use href="https://evil.example/sprite.svg#icon"/><use xlink:href="//evil.example/sprite.svg#icon"/>',
		),
	},
	{
		name: "foreignObject with an HTML iframe and script",
		svg: drawing(
			'<foreignObject width="100" height="50"><div xmlns="http://www.w3.org/1999/xhtml">' +
				'<iframe src="https://evil.example/"></iframe><script>alert(1)</script></div></foreignObject>',
		),
	},
	{
		name: "animate and set rewriting href to javascript:",
		svg: drawing(
			'<a id="link"><circle r="5"/><animate attributeName="href" values="javascript:alert(1)"/>' +
				'<set attributeName="xlink:href" to="javascript:alert(2)"/></a>' +
				'<animateTransform attributeName="transform" type="rotate" from="0" to="360" dur="1s"/>',
		),
	},
	{
		name: "outside images: <image>, <feImage> and filter=url() to another host",
		svg: drawing(
			'<image href="https://evil.example/track.png" width="1" height="1"/>' +
				'<image href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+" width="1" height="1"/>' +
				'<filter id="f"><feImage href="https://evil.example/f.png"/></filter>' +
				'<circle r="5" filter="url(https://evil.example/filters.svg#f)"/>',
		),
	},
	{
		name: "xml-stylesheet processing instruction loading outside CSS",
		svg: `<?xml version="1.0"?>\n<?xml-stylesheet type="text/css" href="https://evil.example/x.css"?>\n${open}\n${KEPT}\n<?xml-stylesheet href="https://evil.example/y.css"?>\n</svg>\n`,
	},
];

/** What must never be in a stored SVG, with a reason for the test's failure message. */
export function svgDangers(stored: string): string[] {
	// Namespace declarations name W3C addresses; they load nothing.
	const text = stored.replace(/\sxmlns(:[\w-]+)?="[^"]*"/g, "");
	const checks: Array<[RegExp, string]> = [
		[/<([\w-]+:)?script/i, "a script element"],
		[/\son[a-z]+\s*=/i, "an event handler"],
		[/foreignObject|<iframe|<div/i, "foreignObject/HTML"],
		[/avascript/i, "a javascript: URL"],
		[/evil\.example/i, "an outside address"],
		[/https?:|\/\/[a-z]/i, "an absolute URL"],
		[/image-set|@import|src\(|image\(|cross-fade/i, "a CSS fetcher"],
		[/<(animate|set)\b|<animateTransform/i, "animation"],
		[/<\?xml-stylesheet/i, "a style-sheet instruction"],
		[/data:image\/svg/i, "an SVG inside a data: URL"],
	];
	return checks.filter(([pattern]) => pattern.test(text)).map(([, reason]) => reason);
}
