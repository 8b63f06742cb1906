/**
 * Makes an uploaded SVG safe to store and show. The file is parsed as XML by jsdom, cleaned by DOMPurify's
 * SVG profile (an allow-list of elements and attributes kept up to date against browsers' parsers by people
 * who do nothing else), and then held to one rule of ours that DOMPurify does not enforce: a stored drawing
 * loads nothing from outside itself. Links (href, xlink:href) may only point at a #fragment of the drawing,
 * an <image> may also carry a raster data: URL, url(…) in any attribute or style must be url(#fragment), and
 * CSS may call no function that fetches (image-set(), src(), image(), @import …). A <style> sheet or style
 * attribute that breaks the rule is dropped, not repaired. Served SVGs also get a sandboxing CSP
 * (app/lib/uploads.server.ts), and <img> never runs scripts: this is the first of three walls.
 */
import createDOMPurify, { type DOMPurify } from "dompurify";
import { JSDOM } from "jsdom";

export class SvgRejectedError extends Error {
	override name = "SvgRejectedError";
}

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
/**
 * jsdom and DOMPurify spend about a tenth of a millisecond per element, on the event loop; 5 MB of tiny
 * elements would hold it for many seconds. A logo or a drawing has hundreds, a detailed illustration a few
 * thousand; more is refused before anything is parsed (start tags and attribute values are counted).
 */
export const MAX_SVG_ELEMENTS = 10_000;
const MAX_SVG_ATTRIBUTES = 10 * MAX_SVG_ELEMENTS;
const RASTER_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;
const LOCAL_FRAGMENT = /^#[\w.:-]+$/;

/**
 * Animation can rewrite another element's attributes after we checked them (DOMPurify already drops
 * <animate> and <set>, but keeps these); a logo does not need it.
 */
const FORBIDDEN_ELEMENTS = ["animateColor", "animateMotion", "animateTransform", "mpath", "discard"];

/** CSS functions a drawing's styles may use: none of them can fetch anything. */
const SAFE_CSS_FUNCTIONS = new Set([
	"url", // only url(#fragment), checked separately
	"rgb",
	"rgba",
	"hsl",
	"hsla",
	"hwb",
	"lab",
	"lch",
	"oklab",
	"oklch",
	"color",
	"color-mix",
	"calc",
	"min",
	"max",
	"clamp",
	"var",
	"translate",
	"translatex",
	"translatey",
	"rotate",
	"scale",
	"scalex",
	"scaley",
	"skew",
	"skewx",
	"skewy",
	"matrix",
	"blur",
	"drop-shadow",
	"brightness",
	"contrast",
	"grayscale",
	"opacity",
	"saturate",
	"sepia",
	"cubic-bezier",
	"steps",
]);

/** Lower case, without whitespace and control characters, which browsers skip inside URL schemes. */
function squashed(value: string): string {
	// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we remove
	return value.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, "").toLowerCase();
}

/** Every url(…) in a value points inside the document (url(#id)). */
function onlyLocalUrls(value: string): boolean {
	const compact = squashed(value);
	for (const match of compact.matchAll(/url\(/g)) {
		const target = compact.slice((match.index ?? 0) + 4).replace(/^["']/, "");
		if (!target.startsWith("#")) return false;
	}
	return true;
}

function dangerousScheme(value: string): boolean {
	return /(javascript|vbscript|data):/.test(squashed(value));
}

function withoutCssComments(css: string): string {
	return css.replace(/\/\*[\s\S]*?(\*\/|$)/g, " ");
}

/**
 * CSS (a <style> sheet or a style attribute, comments removed) that cannot load anything: no escapes that
 * could spell a function or URL in disguise, no at-rule that fetches, only functions from the list above,
 * and url() only to a #fragment.
 */
export function isSafeCss(css: string): boolean {
	const compact = squashed(withoutCssComments(css));
	if (/[\\<]|@import|@font-face|@namespace|expression|behavior:|-moz-binding/.test(compact)) return false;
	for (const match of compact.matchAll(/([a-z0-9_-]*)\(/g)) {
		if (!SAFE_CSS_FUNCTIONS.has(match[1] ?? "")) return false;
	}
	return !dangerousScheme(compact) && onlyLocalUrls(compact);
}

let purifier: { window: JSDOM["window"]; purify: DOMPurify } | undefined;

/** jsdom takes a noticeable moment to start: one window per process, made on the first upload. */
function getPurifier() {
	if (!purifier) {
		// No scripts and no resource loading: the window only parses and serialises.
		const { window } = new JSDOM("");
		purifier = { window, purify: createDOMPurify(window) };
	}
	return purifier;
}

/**
 * A hand-written drawing without xmlns ("<svg width=…>") is still an SVG to librsvg and to people; its
 * namespace-less elements are moved into the SVG namespace so the allow-list judges them as SVG.
 */
function adoptIntoSvgNamespace(document: Document, element: Element): Element {
	if (element.namespaceURI !== null) return element;
	const adopted = document.createElementNS(SVG_NAMESPACE, element.localName);
	for (const attribute of Array.from(element.attributes)) {
		adopted.setAttributeNS(attribute.namespaceURI, attribute.name, attribute.value);
	}
	for (const child of Array.from(element.childNodes)) {
		adopted.appendChild(
			child.nodeType === child.ELEMENT_NODE ? adoptIntoSvgNamespace(document, child as Element) : child,
		);
	}
	return adopted;
}

/** DOMPurify drops CDATA sections; a style sheet in one is kept as ordinary text, then checked like any other. */
function cdataToText(document: Document, root: Element): void {
	const walker = document.createTreeWalker(root, 0x8 /* NodeFilter.SHOW_CDATA_SECTION */);
	const sections: Node[] = [];
	while (walker.nextNode()) sections.push(walker.currentNode);
	for (const section of sections) {
		section.parentNode?.replaceChild(document.createTextNode(section.textContent ?? ""), section);
	}
}

/** Our rule on top of DOMPurify's: nothing may be loaded from outside the drawing. */
function removeOutsideReferences(root: Element): void {
	for (const element of [root, ...Array.from(root.getElementsByTagName("*"))]) {
		const tag = element.localName.toLowerCase();
		for (const attribute of Array.from(element.attributes)) {
			const name = attribute.localName.toLowerCase();
			const value = attribute.value.trim();
			let keep: boolean;
			if (name === "href") {
				keep = LOCAL_FRAGMENT.test(value) || (tag === "image" && RASTER_DATA_URL.test(value));
			} else if (name === "style") {
				keep = isSafeCss(value);
				if (keep) attribute.value = withoutCssComments(attribute.value).trim();
			} else {
				keep = !dangerousScheme(value) && onlyLocalUrls(value);
			}
			if (!keep) element.removeAttributeNode(attribute);
		}
		if (tag === "style") {
			const css = element.textContent ?? "";
			if (isSafeCss(css)) element.textContent = withoutCssComments(css);
			else element.remove();
		} else if (tag === "image" && !Array.from(element.attributes).some((a) => a.localName === "href")) {
			// An image whose source was removed would show nothing: it goes altogether.
			element.remove();
		}
	}
}

function count(text: string, pattern: RegExp): number {
	let found = 0;
	for (const _match of text.matchAll(pattern)) found++;
	return found;
}

/**
 * Returns the sanitised document. Throws SvgRejectedError when the input is not well-formed XML with an
 * <svg> root, declares entities (an internal DOCTYPE subset: jsdom would expand them, so a "billion
 * laughs" file would be expanded too), or has more than MAX_SVG_ELEMENTS elements.
 */
export function sanitizeSvg(input: string): string {
	const source = input.replace(/^\uFEFF/, "");
	if (/<!ENTITY|<!DOCTYPE[^>[]*\[/i.test(source)) {
		throw new SvgRejectedError("document type declaration with a subset");
	}
	if (count(source, /<[A-Za-z_]/g) > MAX_SVG_ELEMENTS || count(source, /=\s*["']/g) > MAX_SVG_ATTRIBUTES) {
		throw new SvgRejectedError("too many elements or attributes");
	}
	const { window, purify } = getPurifier();
	const document = new window.DOMParser().parseFromString(source, "image/svg+xml");
	const parsed = document.documentElement;
	if (parsed?.localName !== "svg" || parsed.prefix !== null) {
		throw new SvgRejectedError("not an SVG document");
	}
	if (parsed.namespaceURI === null) document.replaceChild(adoptIntoSvgNamespace(document, parsed), parsed);
	const root = document.documentElement;
	if (root.namespaceURI !== SVG_NAMESPACE) throw new SvgRejectedError("the root element is not <svg>");
	cdataToText(document, root);
	try {
		purify.sanitize(root, {
			IN_PLACE: true,
			USE_PROFILES: { svg: true, svgFilters: true },
			// <use> is safe once it can only point at a #fragment (below); icons are built from it.
			ADD_TAGS: ["use"],
			FORBID_TAGS: FORBIDDEN_ELEMENTS,
			// An unknown element (inkscape:*, foreignObject, script) goes with everything inside it.
			KEEP_CONTENT: false,
		});
	} catch (error) {
		throw new SvgRejectedError(`the drawing could not be cleaned: ${String(error)}`);
	}
	removeOutsideReferences(root);
	return `<?xml version="1.0" encoding="UTF-8"?>\n${new window.XMLSerializer().serializeToString(root)}`;
}
