/**
 * Makes an uploaded SVG safe to store and show: it is parsed as XML and written out again from an
 * allow-list, so nothing the parser did not understand survives. Scripts, event handlers (on*),
 * foreignObject, animation (which can rewrite links), external references (http:, //host, javascript:,
 * data: other than raster images) and custom entities do not. Every value is re-escaped on output, so a
 * trick that fools this parser cannot reach the browser unescaped. Served SVGs also get a restrictive CSP
 * (app/lib/uploads.server.ts), and <img> never runs scripts: this is the first of three walls.
 *
 * Why our own: DOMPurify needs a DOM (jsdom, a large dependency) on the server; sanitize-html is made for
 * HTML. SVG uploads here are logos and drawings, so a strict allow-list over a small XML reader suffices.
 */

export class SvgRejectedError extends Error {
	override name = "SvgRejectedError";
}

/** Elements kept (with their children). Anything else is dropped with its whole subtree. */
const ALLOWED_ELEMENTS = new Set([
	"svg",
	"g",
	"defs",
	"symbol",
	"use",
	"title",
	"desc",
	"path",
	"rect",
	"circle",
	"ellipse",
	"line",
	"polyline",
	"polygon",
	"text",
	"tspan",
	"textPath",
	"linearGradient",
	"radialGradient",
	"stop",
	"clipPath",
	"mask",
	"pattern",
	"marker",
	"image",
	"style",
	"switch",
	"filter",
	"feBlend",
	"feColorMatrix",
	"feComponentTransfer",
	"feComposite",
	"feConvolveMatrix",
	"feDiffuseLighting",
	"feDisplacementMap",
	"feDistantLight",
	"feDropShadow",
	"feFlood",
	"feFuncA",
	"feFuncB",
	"feFuncG",
	"feFuncR",
	"feGaussianBlur",
	"feMerge",
	"feMergeNode",
	"feMorphology",
	"feOffset",
	"fePointLight",
	"feSpecularLighting",
	"feSpotLight",
	"feTile",
	"feTurbulence",
]);

/** Elements replaced by their children: a link is dropped, what it wraps stays. */
const UNWRAPPED_ELEMENTS = new Set(["a"]);

/** Namespaced attributes kept; every other prefixed attribute (inkscape:*, sodipodi:*, …) goes. */
const ALLOWED_PREFIXED_ATTRIBUTES = new Set(["xlink:href", "xml:space", "xml:lang", "xmlns:xlink"]);

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
const XLINK_NAMESPACE = "http://www.w3.org/1999/xlink";
const RASTER_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]+$/i;
const NAME = /^[A-Za-z_][\w.:-]*/;
const PREDEFINED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (match, entity: string) => {
		if (!match.endsWith(";")) throw new SvgRejectedError("bare ampersand");
		if (entity.startsWith("#")) {
			const code =
				entity[1] === "x" || entity[1] === "X"
					? Number.parseInt(entity.slice(2), 16)
					: Number.parseInt(entity.slice(1), 10);
			if (!Number.isFinite(code) || code < 1 || code > 0x10ffff) throw new SvgRejectedError("bad character");
			return String.fromCodePoint(code);
		}
		const value = PREDEFINED_ENTITIES[entity];
		if (value === undefined) throw new SvgRejectedError(`undefined entity ${entity}`);
		return value;
	});
}

function escapeText(text: string): string {
	return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttribute(value: string): string {
	return escapeText(value).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\t/g, "&#9;");
}

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

/** CSS from a style attribute or <style>: no imports, no escapes that could hide a URL, local url() only. */
export function isSafeCss(css: string): boolean {
	const compact = squashed(css.replace(/\/\*[\s\S]*?\*\//g, ""));
	if (/@import|expression\(|behavior:|-moz-binding|\\|</.test(compact)) return false;
	return !dangerousScheme(compact) && onlyLocalUrls(compact);
}

function safeAttribute(element: string, name: string, value: string): boolean {
	const lower = name.toLowerCase();
	if (lower.startsWith("on")) return false;
	if (name.includes(":") && !ALLOWED_PREFIXED_ATTRIBUTES.has(name)) return false;
	if (name === "xmlns") return value === SVG_NAMESPACE;
	if (name === "xmlns:xlink") return value === XLINK_NAMESPACE;
	if (lower === "href" || lower === "xlink:href") {
		const target = value.trim();
		if (target.startsWith("#")) return /^#[\w.:-]+$/.test(target);
		return element === "image" && RASTER_DATA_URL.test(target);
	}
	if (lower === "style") return isSafeCss(value);
	if (dangerousScheme(value)) return false;
	return onlyLocalUrls(value);
}

interface OpenElement {
	name: string;
	/** Written to the output (false inside a dropped subtree, and for unwrapped elements). */
	emitted: boolean;
	/** Its content is written (false inside a dropped subtree). */
	contentKept: boolean;
}

/**
 * Returns the sanitised document. Throws SvgRejectedError when the input is not well-formed XML with an
 * <svg> root, declares entities (an internal DOCTYPE subset), or is otherwise not something we can read
 * with certainty.
 */
export function sanitizeSvg(input: string): string {
	const source = input.replace(/^\uFEFF/, "");
	const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
	const stack: OpenElement[] = [];
	let sawRoot = false;
	let rootClosed = false;
	let i = 0;

	const keepingContent = () => stack.length === 0 || (stack.at(-1)?.contentKept ?? false);
	const current = () => stack.at(-1)?.name;

	const writeText = (text: string) => {
		if (stack.length === 0) {
			if (text.trim() !== "") throw new SvgRejectedError("text outside the root element");
			return;
		}
		if (!keepingContent()) return;
		if (current() === "style" && !isSafeCss(text)) throw new SvgRejectedError("unsafe style sheet");
		out.push(escapeText(text));
	};

	while (i < source.length) {
		if (source.startsWith("<!--", i)) {
			const end = source.indexOf("-->", i + 4);
			if (end < 0) throw new SvgRejectedError("unterminated comment");
			i = end + 3;
		} else if (source.startsWith("<![CDATA[", i)) {
			const end = source.indexOf("]]>", i + 9);
			if (end < 0) throw new SvgRejectedError("unterminated CDATA");
			writeText(source.slice(i + 9, end));
			i = end + 3;
		} else if (source.startsWith("<!", i)) {
			// A DOCTYPE without an internal subset is harmless and dropped; one with a subset can declare
			// entities (billion laughs, external files), so the file is refused.
			const end = source.indexOf(">", i);
			if (end < 0 || source.slice(i, end).includes("[") || !/^<!doctype\s/i.test(source.slice(i, i + 10))) {
				throw new SvgRejectedError("document type declaration with a subset");
			}
			if (sawRoot) throw new SvgRejectedError("DOCTYPE inside the document");
			i = end + 1;
		} else if (source.startsWith("<?", i)) {
			const end = source.indexOf("?>", i + 2);
			if (end < 0) throw new SvgRejectedError("unterminated processing instruction");
			i = end + 2;
		} else if (source.startsWith("</", i)) {
			const name = NAME.exec(source.slice(i + 2))?.[0];
			if (!name) throw new SvgRejectedError("bad closing tag");
			let j = i + 2 + name.length;
			while (/\s/.test(source[j] ?? "")) j++;
			if (source[j] !== ">") throw new SvgRejectedError("bad closing tag");
			const open = stack.pop();
			if (!open || open.name !== name) throw new SvgRejectedError("mismatched closing tag");
			if (open.emitted) out.push(`</${name}>`);
			if (stack.length === 0) rootClosed = true;
			i = j + 1;
		} else if (source[i] === "<") {
			const name = NAME.exec(source.slice(i + 1))?.[0];
			if (!name) throw new SvgRejectedError("bad tag");
			if (rootClosed) throw new SvgRejectedError("content after the root element");
			if (!sawRoot && name !== "svg") throw new SvgRejectedError("the root element is not <svg>");
			sawRoot = true;
			let j = i + 1 + name.length;
			const attributes: Array<[string, string]> = [];
			let selfClosing = false;
			for (;;) {
				const spaceStart = j;
				while (/\s/.test(source[j] ?? "")) j++;
				if (source.startsWith("/>", j)) {
					selfClosing = true;
					j += 2;
					break;
				}
				if (source[j] === ">") {
					j++;
					break;
				}
				if (j === spaceStart) throw new SvgRejectedError("attributes must be separated by spaces");
				const attribute = NAME.exec(source.slice(j))?.[0];
				if (!attribute) throw new SvgRejectedError("bad attribute");
				j += attribute.length;
				while (/\s/.test(source[j] ?? "")) j++;
				if (source[j] !== "=") throw new SvgRejectedError("attribute without a value");
				j++;
				while (/\s/.test(source[j] ?? "")) j++;
				const quote = source[j];
				if (quote !== '"' && quote !== "'") throw new SvgRejectedError("unquoted attribute");
				const end = source.indexOf(quote, j + 1);
				if (end < 0) throw new SvgRejectedError("unterminated attribute");
				const raw = source.slice(j + 1, end);
				if (raw.includes("<")) throw new SvgRejectedError("'<' in an attribute");
				if (attributes.some(([existing]) => existing === attribute)) {
					throw new SvgRejectedError("duplicate attribute");
				}
				attributes.push([attribute, decodeEntities(raw)]);
				j = end + 1;
			}

			const parentKeeps = keepingContent();
			const unwrapped = UNWRAPPED_ELEMENTS.has(name);
			const kept = attributes.filter(([attribute, value]) => safeAttribute(name, attribute, value));
			if (name === "svg" && stack.length === 0 && !kept.some(([attribute]) => attribute === "xmlns")) {
				kept.unshift(["xmlns", SVG_NAMESPACE]);
			}
			// An image whose source was removed would show nothing: it goes altogether.
			const sourceless = name === "image" && !kept.some(([attribute]) => /^(xlink:)?href$/i.test(attribute));
			const allowed = parentKeeps && (ALLOWED_ELEMENTS.has(name) || unwrapped) && !sourceless;
			const emitted = allowed && !unwrapped;
			if (emitted) {
				const attributeText = kept
					.map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`)
					.join("");
				out.push(`<${name}${attributeText}${selfClosing ? "/>" : ">"}`);
			}
			if (!selfClosing) stack.push({ name, emitted, contentKept: allowed });
			else if (stack.length === 0) rootClosed = true;
			i = j;
		} else {
			const end = source.indexOf("<", i);
			const text = source.slice(i, end < 0 ? source.length : end);
			if (text.includes(">") && stack.length === 0 && text.trim() !== "") {
				throw new SvgRejectedError("stray text");
			}
			writeText(decodeEntities(text));
			i = end < 0 ? source.length : end;
		}
	}
	if (!sawRoot || !rootClosed || stack.length > 0) throw new SvgRejectedError("incomplete document");
	return out.join("");
}
