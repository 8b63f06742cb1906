/**
 * Seeded abstract artwork for FORMA's seed data.
 *
 * Every project, hero slide and artist image in the seed is drawn here as an SVG
 * (sharp/librsvg rasterises it later), so the site never downloads stock images.
 * The look is "design studio art direction": flat geometric shapes, soft gradients,
 * a restrained palette per image and a fine paper grain on top.
 *
 * Rules the code follows:
 * - Pure and deterministic: the only randomness is a PRNG seeded from `theme + seed`,
 *   numbers are rounded before printing, so the same options give a byte-identical string.
 * - Cheap to rasterise (< 300 ms at 1920×1080 including JPEG encode). librsvg is slow with
 *   full-canvas filters (blur, displacement: seconds), full-canvas radial gradients, <pattern>
 *   fills and blend modes, so: the only filter is one small noise tile for the grain, shadows
 *   are small radial gradients, textiles and grilles are plain geometry, painterly edges come
 *   from shapes and gradients.
 * - Any aspect ratio: the subject lives on a square "stage"; backgrounds fill the canvas.
 *   On wide (hero) formats the stage sits right of centre, leaving calm space for text.
 */
import type { ArtTheme } from "./seed-types";

export interface ArtworkOptions {
	seed: string;
	theme: ArtTheme;
	width: number;
	height: number;
}

// ---------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------

/** 32-bit FNV-1a: turns the seed string into a well-mixed PRNG state. */
export function fnv1a(text: string): number {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193);
	}
	return hash >>> 0;
}

function itemAt<T>(items: readonly T[], index: number): T {
	const item = items[((index % items.length) + items.length) % items.length];
	if (item === undefined) throw new Error("artwork: cannot pick from an empty list");
	return item;
}

/** mulberry32 PRNG with a few convenience draws. */
export class Rng {
	private state: number;

	constructor(seed: string) {
		this.state = fnv1a(seed);
	}

	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	range(min: number, max: number): number {
		return min + (max - min) * this.next();
	}

	/** Integer in [min, max], both inclusive. */
	int(min: number, max: number): number {
		return Math.floor(this.range(min, max + 1));
	}

	chance(probability: number): boolean {
		return this.next() < probability;
	}

	sign(): 1 | -1 {
		return this.chance(0.5) ? 1 : -1;
	}

	pick<T>(items: readonly T[]): T {
		return itemAt(items, Math.floor(this.next() * items.length));
	}

	shuffle<T>(items: readonly T[]): T[] {
		const copy = [...items];
		for (let i = copy.length - 1; i > 0; i--) {
			const j = Math.floor(this.next() * (i + 1));
			const a = itemAt(copy, i);
			copy[i] = itemAt(copy, j);
			copy[j] = a;
		}
		return copy;
	}
}

// ---------------------------------------------------------------------------
// Colour
// ---------------------------------------------------------------------------

type Rgb = readonly [number, number, number];

function toRgb(hex: string): Rgb {
	const value = Number.parseInt(hex.slice(1), 16);
	return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(rgb: Rgb): string {
	return `#${rgb
		.map((c) =>
			Math.round(Math.min(255, Math.max(0, c)))
				.toString(16)
				.padStart(2, "0"),
		)
		.join("")}`;
}

/** Linear blend a→b. All tints and shades are mixes of palette colours, so they stay in the family. */
export function mix(a: string, b: string, t: number): string {
	const ca = toRgb(a);
	const cb = toRgb(b);
	return toHex([ca[0] + (cb[0] - ca[0]) * t, ca[1] + (cb[1] - ca[1]) * t, ca[2] + (cb[2] - ca[2]) * t]);
}

/** Approximate relative lightness 0…1, enough to tell dark grounds from light ones. */
export function lightness(hex: string): number {
	const [r, g, b] = toRgb(hex);
	return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

// ---------------------------------------------------------------------------
// Palettes: hand-picked, a few per theme; the seed chooses one.
// ---------------------------------------------------------------------------

export interface Palette {
	/** Main ground (wall, paper). */
	bg: string;
	/** Second ground tone: floors, gradients, cards. */
	bg2: string;
	/** Darkest tone: lines, legs, small marks. */
	ink: string;
	/** Lightest tone: highlights and light surfaces. */
	light: string;
	/** Four accents, the first is the strongest. Themes give them roles (see comments there). */
	accents: readonly [string, string, string, string];
}

const PALETTES: Record<ArtTheme, readonly Palette[]> = {
	// accents: upholstery, wood, decor, decor
	furniture: [
		{
			bg: "#EEE3D3",
			bg2: "#D9C3A4",
			ink: "#2E2620",
			light: "#FBF6EE",
			accents: ["#C2643E", "#6E4A2F", "#7C7D48", "#E2B36B"],
		},
		{
			bg: "#DEDAC6",
			bg2: "#BFB793",
			ink: "#27261D",
			light: "#F5F2E6",
			accents: ["#5E6236", "#B9824F", "#A94B2E", "#EAD9B8"],
		},
		{
			bg: "#D29577",
			bg2: "#B4755A",
			ink: "#2A1C16",
			light: "#F6E9D8",
			accents: ["#F1E2CC", "#5A3A28", "#E3B06A", "#6F7142"],
		},
		{
			bg: "#E7E1D8",
			bg2: "#D0C4B2",
			ink: "#1F1E1B",
			light: "#FAF8F4",
			accents: ["#B9714B", "#3E3A33", "#8C8F6A", "#D9B48F"],
		},
	],
	// accents: main fabric, second fabric, deep tone, soft tone
	clothing: [
		{
			bg: "#EFE2D9",
			bg2: "#E3CFC3",
			ink: "#4A3934",
			light: "#FBF5F0",
			accents: ["#D8A293", "#B7C1AB", "#8D6C60", "#EAD3B0"],
		},
		{
			bg: "#E3E5D8",
			bg2: "#CDD2BD",
			ink: "#343A30",
			light: "#F7F7EF",
			accents: ["#98AA8F", "#CDB797", "#6D7D71", "#E9DCC8"],
		},
		{
			bg: "#E2E6EB",
			bg2: "#CBD3DC",
			ink: "#2E3340",
			light: "#F7F8FA",
			accents: ["#97ABC6", "#E0C2BB", "#5B6984", "#EFE3D2"],
		},
		{
			bg: "#ECE1D1",
			bg2: "#D9C3A6",
			ink: "#3A2B21",
			light: "#FAF3EA",
			accents: ["#B8895C", "#D6B49E", "#7B5843", "#56614F"],
		},
		{
			bg: "#F1ECE4",
			bg2: "#DED6C9",
			ink: "#1F2430",
			light: "#FFFBF5",
			accents: ["#2F3B57", "#C9A27E", "#8E9AAF", "#E7C9B9"],
		},
	],
	// accents: signal, primary, secondary, neutral
	design: [
		{
			bg: "#F1EFE9",
			bg2: "#E2DED4",
			ink: "#1C1C1A",
			light: "#FBFAF7",
			accents: ["#E2412E", "#1F4E9C", "#F2B632", "#CFC8B8"],
		},
		{
			bg: "#E6EBE4",
			bg2: "#D2DBD2",
			ink: "#1E2928",
			light: "#F7F9F6",
			accents: ["#E07A4F", "#2F6F62", "#F1C75B", "#A9C2B8"],
		},
		{
			bg: "#ECE9E2",
			bg2: "#DAD4C7",
			ink: "#14213D",
			light: "#FAF8F3",
			accents: ["#F08A4B", "#2545B8", "#9FB7E4", "#E6D3AE"],
		},
		{
			bg: "#DCDAD4",
			bg2: "#C8C5BD",
			ink: "#222222",
			light: "#F4F2ED",
			accents: ["#F25C2A", "#3A3A3A", "#A9A49A", "#EDE8DF"],
		},
	],
	// bold: four saturated accents on a paper or dark ground
	art: [
		{
			bg: "#F1EBDF",
			bg2: "#E4DACA",
			ink: "#151515",
			light: "#FBF7F0",
			accents: ["#1E3FB5", "#EE4E25", "#F5BE2E", "#0E7A63"],
		},
		{
			bg: "#F4D6CC",
			bg2: "#EBC1B4",
			ink: "#1F1A1A",
			light: "#FFF4EE",
			accents: ["#0B6E4F", "#E8412C", "#FFCF3F", "#233D91"],
		},
		{
			bg: "#1D1C1F",
			bg2: "#2A282D",
			ink: "#0E0E10",
			light: "#F4ECE1",
			accents: ["#E94F37", "#F6BD60", "#7FA99B", "#3F5FB5"],
		},
		{
			bg: "#E9D3A7",
			bg2: "#DDBF86",
			ink: "#2B1D12",
			light: "#FBF1DC",
			accents: ["#B3361F", "#23395B", "#1F6F5C", "#F2EADB"],
		},
		{
			bg: "#E4DDF0",
			bg2: "#D1C6E6",
			ink: "#1E1633",
			light: "#F7F4FC",
			accents: ["#5B3CC4", "#FF6B3D", "#FFD24C", "#1D9A8A"],
		},
	],
	// accents: brand colour, second colour, tint, contrast
	branding: [
		{
			bg: "#F2EEE7",
			bg2: "#E4DED3",
			ink: "#161616",
			light: "#FBF9F5",
			accents: ["#FF5A36", "#1E3A8A", "#D9CFBF", "#161616"],
		},
		{
			bg: "#161616",
			bg2: "#232323",
			ink: "#0A0A0A",
			light: "#F3F0E8",
			accents: ["#D4F55A", "#FF6B4A", "#8A8A8A", "#F3F0E8"],
		},
		{
			bg: "#F3D9CF",
			bg2: "#EAC6B8",
			ink: "#2A1D1C",
			light: "#FFF6F0",
			accents: ["#7A1E2C", "#F08A6A", "#2A1D1C", "#FFF6F0"],
		},
		{
			bg: "#E8E5DA",
			bg2: "#D6D2C2",
			ink: "#1E3A2E",
			light: "#F7F5EE",
			accents: ["#1E3A2E", "#D9A036", "#A8B9A2", "#C65A3A"],
		},
		{
			bg: "#2947C9",
			bg2: "#2239A8",
			ink: "#0D1640",
			light: "#F4F1EA",
			accents: ["#F4F1EA", "#FFB4A2", "#0D1640", "#9DB2FF"],
		},
	],
	// bright and playful
	creative: [
		{
			bg: "#F6F1E7",
			bg2: "#EAE3D4",
			ink: "#141414",
			light: "#FFFCF6",
			accents: ["#FF4F3A", "#2E5BFF", "#FFC933", "#19B38A"],
		},
		{
			bg: "#FFE5D8",
			bg2: "#FBD2C0",
			ink: "#1E1B4B",
			light: "#FFF8F3",
			accents: ["#6C4BF4", "#FF7A59", "#00A99D", "#FFD23F"],
		},
		{
			bg: "#1C1B3A",
			bg2: "#26254D",
			ink: "#0E0D22",
			light: "#F7F3EB",
			accents: ["#FF5E7E", "#FFD166", "#06D6A0", "#5EB1FF"],
		},
		{
			bg: "#FFEFC2",
			bg2: "#FBE1A0",
			ink: "#1F1F1D",
			light: "#FFFBEF",
			accents: ["#F25C05", "#0C7C59", "#2D3A8C", "#F4A6C0"],
		},
	],
	// accents: clothing, face, hair, detail
	portrait: [
		{
			bg: "#E9DCCB",
			bg2: "#D9C4A8",
			ink: "#2B211C",
			light: "#FAF4EC",
			accents: ["#C0613D", "#E2B48F", "#3C2F28", "#7D8B6A"],
		},
		{
			bg: "#D5DCE6",
			bg2: "#B9C5D6",
			ink: "#1C2333",
			light: "#F4F6F9",
			accents: ["#2F4A8A", "#E9C2A6", "#1C2333", "#E07B5B"],
		},
		{
			bg: "#DDE2D2",
			bg2: "#C4CCB4",
			ink: "#232A22",
			light: "#F6F7F1",
			accents: ["#4E6B52", "#D9A58A", "#2E2A26", "#E8C25A"],
		},
		{
			bg: "#F6D5C8",
			bg2: "#EDBBA9",
			ink: "#2A1A18",
			light: "#FFF4EF",
			accents: ["#D9553B", "#F1C7A8", "#5A2E2A", "#2E5C8A"],
		},
		{
			bg: "#E8E6E1",
			bg2: "#D3D0C8",
			ink: "#161616",
			light: "#FAF9F6",
			accents: ["#2B2B2B", "#E3CFBC", "#161616", "#E2543A"],
		},
		{
			bg: "#EFD9A8",
			bg2: "#E2C27F",
			ink: "#261A0F",
			light: "#FCF3DE",
			accents: ["#2F4F4F", "#C98A5E", "#1B1512", "#B23A27"],
		},
	],
};

// ---------------------------------------------------------------------------
// SVG building blocks
// ---------------------------------------------------------------------------

export type Attrs = Readonly<Record<string, string | number | undefined>>;
export type Stop = readonly [offset: number, color: string, opacity?: number];
export interface Point {
	x: number;
	y: number;
}

/** Round to 2 decimals: short output, and byte-identical across runs. */
export function num(value: number): string {
	const rounded = Math.round(value * 100) / 100;
	return Object.is(rounded, -0) ? "0" : String(rounded);
}

const SHAPES = new Set(["rect", "circle", "ellipse", "path", "polygon"]);

/**
 * One element; `undefined` attributes are left out, numbers are rounded.
 * On single shapes `opacity` is written as fill-/stroke-opacity: same look, but librsvg
 * then paints directly instead of compositing an offscreen layer per element (much faster).
 */
export function el(tag: string, attrs: Attrs, children?: string): string {
	let out = `<${tag}`;
	for (const [key, value] of Object.entries(attrs)) {
		if (value === undefined) continue;
		const text = typeof value === "number" ? num(value) : value;
		if (key === "opacity" && SHAPES.has(tag)) out += ` fill-opacity="${text}" stroke-opacity="${text}"`;
		else out += ` ${key}="${text}"`;
	}
	return children === undefined ? `${out}/>` : `${out}>${children}</${tag}>`;
}

/** Tagged template for path data and transforms: every interpolated number is rounded. */
export function p(strings: TemplateStringsArray, ...values: number[]): string {
	let out = strings[0] ?? "";
	values.forEach((value, i) => {
		out += num(value) + (strings[i + 1] ?? "");
	});
	return out;
}

export function group(children: readonly string[], attrs: Attrs = {}): string {
	return el("g", attrs, children.join(""));
}

export function polygon(points: readonly Point[], attrs: Attrs): string {
	return el("polygon", { points: points.map((pt) => `${num(pt.x)},${num(pt.y)}`).join(" "), ...attrs });
}

/** Rectangle with a semicircular top: niches, windows, arches. */
export function archPath(x: number, top: number, width: number, bottom: number): string {
	const r = width / 2;
	return p`M${x} ${bottom}V${top + r}A${r} ${r} 0 0 1 ${x + width} ${top + r}V${bottom}Z`;
}

/** Closed smooth curve through the points (Catmull-Rom converted to cubic Béziers). */
export function smoothClosedPath(points: readonly Point[]): string {
	const first = itemAt(points, 0);
	let d = p`M${first.x} ${first.y}`;
	for (let i = 0; i < points.length; i++) {
		const p0 = itemAt(points, i - 1);
		const p1 = itemAt(points, i);
		const p2 = itemAt(points, i + 1);
		const p3 = itemAt(points, i + 2);
		d += p`C${p1.x + (p2.x - p0.x) / 6} ${p1.y + (p2.y - p0.y) / 6} ${p2.x - (p3.x - p1.x) / 6} ${p2.y - (p3.y - p1.y) / 6} ${p2.x} ${p2.y}`;
	}
	return `${d}Z`;
}

/** Irregular round shape: radius wobbles per point, like a paper cut-out. */
function blobPoints(
	rng: Rng,
	cx: number,
	cy: number,
	r: number,
	wobble: number,
	count: number,
	stretch = 1,
): Point[] {
	const start = rng.range(0, Math.PI * 2);
	return Array.from({ length: count }, (_, i) => {
		const angle = start + (i / count) * Math.PI * 2;
		const radius = r * (1 + rng.range(-wobble, wobble));
		return { x: cx + Math.cos(angle) * radius * stretch, y: cy + Math.sin(angle) * radius };
	});
}

function cubicPoint(a: Point, b: Point, c: Point, d: Point, t: number): Point {
	const u = 1 - t;
	return {
		x: u * u * u * a.x + 3 * u * u * t * b.x + 3 * u * t * t * c.x + t * t * t * d.x,
		y: u * u * u * a.y + 3 * u * u * t * b.y + 3 * u * t * t * c.y + t * t * t * d.y,
	};
}

/** Clips a polygon to a convex polygon listed clockwise on screen (Sutherland–Hodgman). */
function clipConvex(subject: readonly Point[], clip: readonly Point[]): Point[] {
	let output = [...subject];
	for (let i = 0; i < clip.length && output.length > 0; i++) {
		const a = itemAt(clip, i);
		const b = itemAt(clip, i + 1);
		const side = (pt: Point) => (b.x - a.x) * (pt.y - a.y) - (b.y - a.y) * (pt.x - a.x);
		const cut = (from: Point, to: Point) => {
			const t = side(from) / (side(from) - side(to));
			return { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t };
		};
		const input = output;
		output = [];
		for (let j = 0; j < input.length; j++) {
			const prev = itemAt(input, j - 1);
			const cur = itemAt(input, j);
			if (side(cur) >= 0) {
				if (side(prev) < 0) output.push(cut(prev, cur));
				output.push(cur);
			} else if (side(prev) >= 0) {
				output.push(cut(prev, cur));
			}
		}
	}
	return output;
}

/** Many polygons as one path element: one paint operation instead of dozens. */
export function polygonsPath(polys: readonly (readonly Point[])[], attrs: Attrs): string {
	const d = polys
		.filter((poly) => poly.length > 2)
		.map((poly) => `M${poly.map((pt) => `${num(pt.x)} ${num(pt.y)}`).join("L")}Z`)
		.join("");
	return d ? el("path", { d, ...attrs }) : "";
}

export function rectPoly(x: number, y: number, w: number, h: number): Point[] {
	return [
		{ x, y },
		{ x: x + w, y },
		{ x: x + w, y: y + h },
		{ x, y: y + h },
	];
}

/** Parallel bands of the given thickness every `period`, at `angle` degrees, clipped to a convex shape. */
export function stripeBands(
	clip: readonly Point[],
	period: number,
	thickness: number,
	angle: number,
	offset = 0,
): Point[][] {
	const xs = clip.map((pt) => pt.x);
	const ys = clip.map((pt) => pt.y);
	const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
	const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
	const reach = Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
	const rad = (angle * Math.PI) / 180;
	const along = { x: Math.cos(rad), y: Math.sin(rad) };
	const across = { x: -along.y, y: along.x };
	const out: Point[][] = [];
	for (let d = -reach / 2 + (offset % period); d < reach / 2; d += period) {
		const at = (s: number, t: number) => ({
			x: cx + along.x * s + across.x * t,
			y: cy + along.y * s + across.y * t,
		});
		out.push(
			clipConvex([at(-reach, d), at(reach, d), at(reach, d + thickness), at(-reach, d + thickness)], clip),
		);
	}
	return out;
}

/** Grid of dots inside a rectangle or circle, as one path (speaker grilles, halftone patches). */
export function dotGrid(
	area: { x: number; y: number; w: number; h: number },
	pitch: number,
	r: number,
	round: boolean,
	attrs: Attrs,
): string {
	const cx = area.x + area.w / 2;
	const cy = area.y + area.h / 2;
	let d = "";
	for (let y = area.y + pitch / 2; y < area.y + area.h; y += pitch) {
		for (let x = area.x + pitch / 2; x < area.x + area.w; x += pitch) {
			if (round && Math.hypot((x - cx) / (area.w / 2), (y - cy) / (area.h / 2)) > 1 - pitch / area.w)
				continue;
			d += p`M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
		}
	}
	return el("path", { d, ...attrs });
}

// ---------------------------------------------------------------------------
// Scene: canvas size, stage, palette, and the <defs> collected while drawing
// ---------------------------------------------------------------------------

interface Stage {
	x: number;
	y: number;
	size: number;
}

/**
 * The square area the subject is composed in. Square-ish canvases centre it; wide
 * canvases (hero slides) shift it right so the left side stays quiet for headlines.
 */
function computeStage(width: number, height: number): Stage {
	const aspect = width / height;
	if (aspect > 1.45) {
		return { x: Math.min(width - height, width * 0.62 - height / 2), y: 0, size: height };
	}
	const size = Math.min(width, height);
	return { x: (width - size) / 2, y: (height - size) / 2, size };
}

export class Scene {
	readonly width: number;
	readonly height: number;
	readonly rng: Rng;
	readonly palette: Palette;
	readonly stage: Stage;
	private readonly prefix: string;
	private readonly defs: string[] = [];
	private counter = 0;

	/** `palette` overrides the theme's palettes (the seed's per-piece art brings its own colours). */
	constructor(options: ArtworkOptions, palette?: Palette) {
		const key = `${options.theme}:${options.seed}`;
		this.width = options.width;
		this.height = options.height;
		this.rng = new Rng(key);
		this.palette = palette ?? this.rng.pick(PALETTES[options.theme]);
		this.stage = computeStage(options.width, options.height);
		// Unique id prefix, so two artworks inlined in one page could never clash.
		this.prefix = `f${fnv1a(key).toString(36)}`;
	}

	/** Stage x for a unit coordinate 0…1. */
	x(u: number): number {
		return this.stage.x + u * this.stage.size;
	}

	/** Stage y for a unit coordinate 0…1. */
	y(v: number): number {
		return this.stage.y + v * this.stage.size;
	}

	/** A length as a fraction of the stage size. */
	len(k: number): number {
		return k * this.stage.size;
	}

	/** Adds a <defs> entry and returns its id. */
	define(kind: string, build: (id: string) => string): string {
		const id = `${this.prefix}-${kind}${this.counter++}`;
		this.defs.push(build(id));
		return id;
	}

	/** Linear gradient across the shape's box; angle 90 = top→bottom, 0 = left→right. */
	linear(stops: readonly Stop[], angle = 90): string {
		const rad = (angle * Math.PI) / 180;
		const dx = Math.cos(rad) / 2;
		const dy = Math.sin(rad) / 2;
		const id = this.define("lg", (gid) =>
			el(
				"linearGradient",
				{ id: gid, x1: 0.5 - dx, y1: 0.5 - dy, x2: 0.5 + dx, y2: 0.5 + dy },
				stopsMarkup(stops),
			),
		);
		return `url(#${id})`;
	}

	/** Radial gradient in the shape's box (so it stretches with the shape). */
	radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
		const id = this.define("rg", (gid) => el("radialGradient", { id: gid, cx, cy, r }, stopsMarkup(stops)));
		return `url(#${id})`;
	}

	/** Clip path from raw shape markup; returns the value for a clip-path attribute. */
	clip(shapes: string): string {
		const id = this.define("cp", (cid) => el("clipPath", { id: cid }, shapes));
		return `url(#${id})`;
	}

	/** Repeating tile in user space; returns the fill value. */
	pattern(size: number, content: string, transform?: string, height = size): string {
		const id = this.define("pt", (pid) =>
			el(
				"pattern",
				{ id: pid, patternUnits: "userSpaceOnUse", width: size, height, patternTransform: transform },
				content,
			),
		);
		return `url(#${id})`;
	}

	defsMarkup(): string {
		return this.defs.length > 0 ? `<defs>${this.defs.join("")}</defs>` : "";
	}
}

function stopsMarkup(stops: readonly Stop[]): string {
	return stops
		.map(([offset, color, opacity]) =>
			el("stop", {
				offset,
				"stop-color": color,
				"stop-opacity": opacity === undefined ? undefined : opacity,
			}),
		)
		.join("");
}

// ---------------------------------------------------------------------------
// Shared finishing: backgrounds, soft shadows, paper grain
// ---------------------------------------------------------------------------

export function fullRect(sc: Scene, fill: string, attrs: Attrs = {}): string {
	return el("rect", { x: 0, y: 0, width: sc.width, height: sc.height, fill, ...attrs });
}

/**
 * Paper ground: light falls from above, so the top is a touch lighter and the foot a touch
 * darker. (Linear on purpose: a full-canvas radial gradient costs ~100 ms in librsvg.)
 */
export function paperGround(sc: Scene, color: string, depth = 0.06): string {
	const { light, ink } = sc.palette;
	return fullRect(
		sc,
		sc.linear([
			[0, mix(color, light, depth * 1.5)],
			[0.55, color],
			[1, mix(color, ink, depth)],
		]),
	);
}

/** Soft contact shadow as a radial gradient (a blur filter would cost seconds in librsvg). */
export function softShadow(
	sc: Scene,
	cx: number,
	cy: number,
	rx: number,
	ry: number,
	opacity = 0.28,
): string {
	const fill = sc.radial([
		[0, sc.palette.ink, opacity],
		[0.6, sc.palette.ink, opacity * 0.45],
		[1, sc.palette.ink, 0],
	]);
	return el("ellipse", { cx, cy, rx, ry, fill });
}

/**
 * Paper grain. One small feTurbulence tile (cheap) repeated by a pattern and laid over
 * the artwork as dark specks with low opacity: reads as printed paper, costs ~40 ms.
 */
export function grain(sc: Scene, opacity: number): string {
	const tile = 192;
	const seed = sc.rng.int(1, 999);
	const filterId = sc.define("gr", (id) =>
		el(
			"filter",
			{ id, filterUnits: "userSpaceOnUse", x: 0, y: 0, width: tile, height: tile },
			el("feTurbulence", {
				type: "fractalNoise",
				baseFrequency: 0.78,
				numOctaves: 2,
				seed,
				stitchTiles: "stitch",
			}) + el("feColorMatrix", { type: "matrix", values: "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -2.2 0 0 0 1.15" }),
		),
	);
	const fill = sc.pattern(tile, el("rect", { width: tile, height: tile, filter: `url(#${filterId})` }));
	return fullRect(sc, fill, { opacity });
}

// ---------------------------------------------------------------------------
// FURNITURE: a quiet interior — wall, floor, an arch or sun, and one or two pieces
// ---------------------------------------------------------------------------

function furniture(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const floorY = sc.y(rng.range(0.7, 0.77));
	const out = [
		fullRect(
			sc,
			sc.linear([
				[0, mix(pal.bg, pal.light, 0.25)],
				[1, pal.bg],
			]),
		),
		wallFeature(sc, floorY),
		el("rect", {
			x: 0,
			y: floorY,
			width: sc.width,
			height: sc.height - floorY,
			fill: sc.linear([
				[0, pal.bg2],
				[1, mix(pal.bg2, pal.ink, 0.16)],
			]),
		}),
		// A hairline where wall meets floor: gives the room its horizon.
		el("rect", {
			x: 0,
			y: floorY - sc.len(0.003),
			width: sc.width,
			height: sc.len(0.006),
			fill: pal.ink,
			opacity: 0.1,
		}),
	];
	if (rng.chance(0.55)) out.push(sunBeams(sc, floorY));
	out.push(furnitureArrangement(sc, floorY));
	return out.join("");
}

function wallFeature(sc: Scene, floorY: number): string {
	const { rng, palette: pal } = sc;
	const tone = mix(
		pal.bg,
		rng.pick([pal.accents[0], pal.accents[2], pal.accents[3], pal.bg2]),
		rng.range(0.35, 0.6),
	);
	const kind = rng.pick(["arch", "arch", "sun", "wainscot"] as const);
	if (kind === "arch") {
		const w = sc.len(rng.range(0.4, 0.56));
		const cx = sc.x(rng.range(0.38, 0.62));
		return el("path", { d: archPath(cx - w / 2, sc.y(rng.range(0.06, 0.16)), w, floorY), fill: tone });
	}
	if (kind === "sun") {
		const r = sc.len(rng.range(0.12, 0.17));
		return el("circle", { cx: sc.x(rng.range(0.62, 0.78)), cy: sc.y(rng.range(0.18, 0.26)), r, fill: tone });
	}
	const top = sc.y(rng.range(0.4, 0.5));
	return (
		el("rect", { x: 0, y: top, width: sc.width, height: floorY - top, fill: tone }) +
		el("rect", {
			x: 0,
			y: top - sc.len(0.012),
			width: sc.width,
			height: sc.len(0.012),
			fill: mix(tone, pal.ink, 0.12),
		})
	);
}

/** Two slanted shafts of window light falling across wall and floor. */
function sunBeams(sc: Scene, floorY: number): string {
	const { rng, palette: pal } = sc;
	const slant = sc.len(rng.range(0.25, 0.45)) * rng.sign();
	const fill = sc.linear([
		[0, pal.light, 0.3],
		[1, pal.light, 0],
	]);
	const start = sc.x(rng.range(0.05, 0.4));
	const beams: string[] = [];
	let x = start;
	for (let i = 0; i < 2; i++) {
		const w = sc.len(rng.range(0.07, 0.13));
		beams.push(
			polygon(
				[
					{ x, y: 0 },
					{ x: x + w, y: 0 },
					{ x: x + w + slant, y: floorY + sc.len(0.12) },
					{ x: x + slant, y: floorY + sc.len(0.12) },
				],
				{ fill },
			),
		);
		x += w + sc.len(rng.range(0.03, 0.06));
	}
	return beams.join("");
}

function furnitureArrangement(sc: Scene, gy: number): string {
	const { rng } = sc;
	const s = sc.stage.size;
	const mirror = rng.chance(0.5);
	// Mirror the arrangement for half the seeds so pieces don't always sit the same way.
	const ux = (u: number) => sc.x(mirror ? 1 - u : u);
	const dir = mirror ? 1 : -1;
	const layout = rng.pick(["chair", "chair", "sofa", "table"] as const);
	if (layout === "chair") {
		const companion = rng.pick(["arcLamp", "globeLamp", "vase", "stool"] as const);
		const chair = seating(sc, ux(0.4), gy, s * rng.range(0.5, 0.58), 1);
		if (companion === "arcLamp") return arcLamp(sc, ux(0.84), gy, s * 0.5, dir) + chair;
		if (companion === "globeLamp") return globeLamp(sc, ux(0.8), gy, s * 0.56) + chair;
		if (companion === "vase") return chair + vase(sc, ux(0.8), gy, s * 0.3, true);
		return chair + stool(sc, ux(0.8), gy, s * 0.24);
	}
	if (layout === "sofa") {
		const companion = rng.pick(["globeLamp", "vase", "frame"] as const);
		const sofa = seating(sc, ux(0.44), gy, s * rng.range(0.36, 0.4), rng.int(2, 3));
		if (companion === "globeLamp") return globeLamp(sc, ux(0.88), gy, s * 0.5) + sofa;
		if (companion === "vase") return sofa + vase(sc, ux(0.9), gy, s * 0.26, true);
		return pictureFrame(sc, ux(0.44), sc.y(0.18)) + sofa;
	}
	const t = table(sc, ux(0.46), gy, s * rng.range(0.62, 0.72));
	const onTop = rng.pick(["mushroom", "vase", "bowl"] as const);
	const topItem =
		onTop === "mushroom"
			? mushroomLamp(sc, ux(0.46) + dir * s * 0.12, t.topY, s * 0.3)
			: onTop === "vase"
				? vase(sc, ux(0.46) + dir * s * 0.12, t.topY, s * 0.2, true)
				: fruitBowl(sc, ux(0.46), t.topY, s * 0.26);
	const side = rng.chance(0.6) ? stool(sc, ux(0.86), gy, s * 0.2) : "";
	return t.markup + topItem + side;
}

/** Vertical light-to-shade gradient for soft upholstered volumes. */
function volumeFill(sc: Scene, color: string, angle = 90): string {
	return sc.linear(
		[
			[0, mix(color, sc.palette.light, 0.22)],
			[0.55, color],
			[1, mix(color, sc.palette.ink, 0.2)],
		],
		angle,
	);
}

function taperedLeg(top: Point, bottom: Point, topWidth: number, bottomWidth: number, fill: string): string {
	return polygon(
		[
			{ x: top.x - topWidth / 2, y: top.y },
			{ x: top.x + topWidth / 2, y: top.y },
			{ x: bottom.x + bottomWidth / 2, y: bottom.y },
			{ x: bottom.x - bottomWidth / 2, y: bottom.y },
		],
		{ fill },
	);
}

/** Front view of an armchair (seats = 1) or sofa (2–3): back, cushions, arms, wooden legs. */
function seating(sc: Scene, cx: number, gy: number, u: number, seats: number): string {
	const { rng, palette: pal } = sc;
	const fabric = rng.pick([pal.accents[0], pal.accents[0], pal.accents[2], pal.accents[3]]);
	const wood = pal.accents[1];
	const seatW = u * (0.86 + (seats - 1) * 0.72);
	const legH = u * rng.range(0.12, 0.2);
	const seatH = u * 0.17;
	const seatTop = gy - legH - seatH;
	const backH = u * rng.range(0.4, 0.55);
	const backStyle = rng.pick(["pill", "round", "square"] as const);
	const hasArms = seats > 1 || rng.chance(0.7);
	const armW = u * 0.13;
	const out = [softShadow(sc, cx, gy, seatW * 0.62, u * 0.05)];

	// Legs first (they sit behind the seat), splayed slightly outwards like mid-century pieces.
	for (const side of [-1, 1]) {
		const x = cx + side * (seatW / 2 - u * 0.07);
		out.push(
			taperedLeg(
				{ x, y: gy - legH - u * 0.02 },
				{ x: x + side * u * 0.035, y: gy },
				u * 0.04,
				u * 0.022,
				wood,
			),
		);
	}
	out.push(
		el("rect", {
			x: cx - seatW / 2 + u * 0.05,
			y: gy - legH - u * 0.035,
			width: seatW - u * 0.1,
			height: u * 0.035,
			fill: mix(wood, pal.ink, 0.15),
		}),
	);

	const backFill = volumeFill(sc, mix(fabric, pal.ink, 0.08));
	const backW = seatW - (hasArms ? armW * 0.6 : u * 0.06);
	if (backStyle === "round") {
		const seatSpan = backW / seats;
		for (let i = 0; i < seats; i++) {
			const r = Math.min(seatSpan * 0.56, backH * 0.62);
			out.push(
				el("circle", {
					cx: cx - backW / 2 + seatSpan * (i + 0.5),
					cy: seatTop - backH * 0.45,
					r,
					fill: backFill,
				}),
			);
		}
	} else {
		const rx = backStyle === "pill" ? Math.min(backW, backH) * 0.45 : u * 0.05;
		out.push(
			el("rect", {
				x: cx - backW / 2,
				y: seatTop - backH,
				width: backW,
				height: backH + seatH * 0.5,
				rx,
				fill: backFill,
			}),
		);
		if (backStyle === "square" && seats > 1) {
			// Loose back cushions read "sofa" immediately.
			const gap = u * 0.025;
			const cw = (backW - gap * (seats + 1)) / seats;
			for (let i = 0; i < seats; i++) {
				out.push(
					el("rect", {
						x: cx - backW / 2 + gap + i * (cw + gap),
						y: seatTop - backH + gap,
						width: cw,
						height: backH * 0.78,
						rx: u * 0.05,
						fill: volumeFill(sc, fabric),
					}),
				);
			}
		}
	}

	// Seat cushions, one per seat, with a thin highlight on the front edge.
	const cushionW = (seatW - (hasArms ? armW * 1.2 : 0)) / seats;
	for (let i = 0; i < seats; i++) {
		const x = cx - seatW / 2 + (hasArms ? armW * 0.6 : 0) + i * cushionW;
		out.push(
			el("rect", {
				x: x + u * 0.006,
				y: seatTop,
				width: cushionW - u * 0.012,
				height: seatH,
				rx: seatH * 0.42,
				fill: volumeFill(sc, fabric),
			}),
		);
	}

	if (hasArms) {
		for (const side of [-1, 1]) {
			const x = side < 0 ? cx - seatW / 2 - armW * 0.4 : cx + seatW / 2 - armW * 0.6;
			out.push(
				el("rect", {
					x,
					y: seatTop - u * 0.11,
					width: armW,
					height: seatH + u * 0.11 + u * 0.02,
					rx: armW / 2,
					fill: volumeFill(sc, mix(fabric, pal.ink, 0.04), 0),
				}),
			);
		}
	}
	return out.join("");
}

function table(sc: Scene, cx: number, gy: number, u: number): { markup: string; topY: number } {
	const { rng, palette: pal } = sc;
	const wood = pal.accents[1];
	const topColor = rng.pick([wood, pal.light, pal.accents[0]]);
	const height = u * rng.range(0.5, 0.58);
	const topY = gy - height;
	const topW = u * rng.range(0.95, 1.15);
	const topH = u * 0.045;
	const style = rng.pick(["tulip", "legs", "slab"] as const);
	const out = [softShadow(sc, cx, gy, topW * 0.55, u * 0.045)];
	const baseColor = topColor === wood ? mix(wood, pal.ink, 0.2) : rng.pick([wood, pal.ink, pal.accents[2]]);
	if (style === "tulip") {
		const stem = u * 0.045;
		const foot = u * 0.24;
		out.push(
			el("path", {
				d: p`M${cx - stem} ${topY}C${cx - stem * 0.7} ${gy - height * 0.4} ${cx - stem * 0.8} ${gy - u * 0.06} ${cx - foot} ${gy - u * 0.012}L${cx + foot} ${gy - u * 0.012}C${cx + stem * 0.8} ${gy - u * 0.06} ${cx + stem * 0.7} ${gy - height * 0.4} ${cx + stem} ${topY}Z`,
				fill: volumeFill(sc, baseColor, 0),
			}),
			el("ellipse", { cx, cy: gy - u * 0.012, rx: foot, ry: u * 0.02, fill: mix(baseColor, pal.ink, 0.1) }),
		);
	} else if (style === "legs") {
		for (const side of [-1, 1]) {
			const x = cx + side * (topW / 2 - u * 0.09);
			out.push(taperedLeg({ x, y: topY }, { x: x + side * u * 0.03, y: gy }, u * 0.04, u * 0.022, baseColor));
		}
		out.push(
			el("rect", {
				x: cx - topW / 2 + u * 0.06,
				y: topY + topH,
				width: topW - u * 0.12,
				height: u * 0.05,
				fill: mix(baseColor, pal.ink, 0.1),
			}),
		);
	} else {
		for (const side of [-1, 1]) {
			const w = u * 0.1;
			const x = cx + side * (topW / 2 - u * 0.16) - w / 2;
			out.push(el("rect", { x, y: topY, width: w, height: height, fill: volumeFill(sc, baseColor, 0) }));
		}
	}
	out.push(
		el("rect", {
			x: cx - topW / 2,
			y: topY - topH,
			width: topW,
			height: topH,
			rx: topH / 2,
			fill: volumeFill(sc, topColor),
		}),
	);
	return { markup: out.join(""), topY: topY - topH };
}

/** Floor lamp with a long arc: the stem sweeps over towards `dir` and ends in a dome shade. */
function arcLamp(sc: Scene, baseX: number, gy: number, u: number, dir: number): string {
	const { palette: pal } = sc;
	const metal = pal.ink;
	const shadeColor = sc.rng.pick([pal.accents[3], pal.accents[0], pal.light]);
	const start = { x: baseX, y: gy - u * 0.12 };
	// The shade hangs above head height, clear of the chair it lights.
	const end = { x: baseX + dir * u * 0.8, y: gy - u * 1.12 };
	const r = u * 0.13;
	return [
		softShadow(sc, baseX, gy, u * 0.16, u * 0.025),
		// Warm cone of light under the shade.
		polygon(
			[
				{ x: end.x - r * 0.6, y: end.y + r * 0.2 },
				{ x: end.x + r * 0.6, y: end.y + r * 0.2 },
				{ x: end.x + r * 2.6, y: gy - u * 0.1 },
				{ x: end.x - r * 2.6, y: gy - u * 0.1 },
			],
			{
				fill: sc.linear([
					[0, pal.light, 0.5],
					[1, pal.light, 0],
				]),
			},
		),
		el("path", {
			d: p`M${start.x} ${start.y}C${start.x} ${gy - u * 1.5} ${end.x} ${gy - u * 1.5} ${end.x} ${end.y - r * 0.3}`,
			fill: "none",
			stroke: metal,
			"stroke-width": u * 0.016,
			"stroke-linecap": "round",
		}),
		el("path", {
			d: p`M${end.x - r} ${end.y + r * 0.2}A${r} ${r} 0 0 1 ${end.x + r} ${end.y + r * 0.2}Z`,
			fill: volumeFill(sc, shadeColor, 0),
		}),
		el("rect", {
			x: baseX - u * 0.1,
			y: gy - u * 0.12,
			width: u * 0.2,
			height: u * 0.12,
			rx: u * 0.015,
			fill: volumeFill(sc, mix(pal.light, pal.bg2, 0.4), 0),
		}),
	].join("");
}

function globeLamp(sc: Scene, cx: number, gy: number, u: number): string {
	const { palette: pal } = sc;
	const globeR = u * 0.13;
	const cy = gy - u * 1.05;
	return [
		// Halo on the wall: the lamp is on.
		el("circle", {
			cx,
			cy,
			r: globeR * 4,
			fill: sc.radial([
				[0, pal.light, 0.55],
				[1, pal.light, 0],
			]),
		}),
		softShadow(sc, cx, gy, u * 0.16, u * 0.025),
		el("rect", { x: cx - u * 0.008, y: cy, width: u * 0.016, height: gy - cy, fill: pal.ink }),
		el("ellipse", { cx, cy: gy - u * 0.012, rx: u * 0.12, ry: u * 0.022, fill: pal.ink }),
		el("circle", {
			cx,
			cy,
			r: globeR,
			fill: sc.radial(
				[
					[0, "#FFFFFF"],
					[0.7, pal.light],
					[1, mix(pal.light, pal.accents[3], 0.5)],
				],
				0.4,
				0.38,
				0.62,
			),
		}),
	].join("");
}

/** Table lamp: mushroom dome on a short stem; `gy` is the surface it stands on. */
function mushroomLamp(sc: Scene, cx: number, gy: number, u: number): string {
	const { palette: pal } = sc;
	const color = sc.rng.pick([pal.accents[0], pal.accents[3], pal.light, pal.accents[2]]);
	const r = u * 0.32;
	const domeY = gy - u * 0.58;
	return [
		el("rect", {
			x: cx - u * 0.035,
			y: domeY,
			width: u * 0.07,
			height: gy - domeY,
			fill: volumeFill(sc, color, 0),
		}),
		el("ellipse", { cx, cy: gy - u * 0.015, rx: u * 0.14, ry: u * 0.03, fill: mix(color, pal.ink, 0.15) }),
		el("path", {
			d: p`M${cx - r} ${domeY}A${r} ${r * 0.9} 0 0 1 ${cx + r} ${domeY}Z`,
			fill: volumeFill(sc, color, 0),
		}),
	].join("");
}

/** Ceramic vase, optionally with an olive branch arching out of it. */
function vase(sc: Scene, cx: number, gy: number, u: number, withBranch: boolean): string {
	const { rng, palette: pal } = sc;
	const color = rng.pick([pal.accents[0], pal.accents[3], pal.light, pal.accents[2]]);
	const h = u;
	const belly = u * rng.range(0.32, 0.42);
	const neck = u * rng.range(0.1, 0.16);
	const foot = u * 0.2;
	const top = gy - h;
	const body = p`M${cx - neck / 2} ${top}C${cx - neck / 2} ${top + h * 0.25} ${cx - belly} ${top + h * 0.3} ${cx - belly} ${top + h * 0.62}C${cx - belly} ${gy - h * 0.1} ${cx - foot} ${gy} ${cx - foot / 2} ${gy}L${cx + foot / 2} ${gy}C${cx + foot} ${gy} ${cx + belly} ${gy - h * 0.1} ${cx + belly} ${top + h * 0.62}C${cx + belly} ${top + h * 0.3} ${cx + neck / 2} ${top + h * 0.25} ${cx + neck / 2} ${top}Z`;
	const out = [softShadow(sc, cx, gy, belly * 1.1, u * 0.05)];
	if (withBranch) out.push(branch(sc, { x: cx, y: top + h * 0.05 }, u * rng.range(0.9, 1.25), rng.sign()));
	out.push(el("path", { d: body, fill: volumeFill(sc, color, 0) }));
	return out.join("");
}

/** A bending twig with paired leaves placed along a cubic curve. */
function branch(sc: Scene, base: Point, length: number, dir: number): string {
	const { rng, palette: pal } = sc;
	const leafColor = mix(pal.accents[2], pal.ink, 0.15);
	const a = base;
	const b = { x: base.x + dir * length * 0.05, y: base.y - length * 0.5 };
	const c = { x: base.x + dir * length * 0.35, y: base.y - length * 0.85 };
	const d = { x: base.x + dir * length * 0.7, y: base.y - length * 0.9 };
	const out = [
		el("path", {
			d: p`M${a.x} ${a.y}C${b.x} ${b.y} ${c.x} ${c.y} ${d.x} ${d.y}`,
			fill: "none",
			stroke: mix(pal.accents[1], pal.ink, 0.3),
			"stroke-width": length * 0.012,
			"stroke-linecap": "round",
		}),
	];
	const leaves = rng.int(7, 11);
	for (let i = 1; i <= leaves; i++) {
		const t = 0.18 + (i / leaves) * 0.8;
		const pt = cubicPoint(a, b, c, d, t);
		const next = cubicPoint(a, b, c, d, Math.min(1, t + 0.01));
		const tangent = (Math.atan2(next.y - pt.y, next.x - pt.x) * 180) / Math.PI;
		const side = i % 2 === 0 ? 1 : -1;
		const lr = length * rng.range(0.06, 0.09);
		out.push(
			el("ellipse", {
				cx: 0,
				cy: 0,
				rx: lr,
				ry: lr * 0.28,
				fill: mix(leafColor, pal.light, rng.range(0, 0.25)),
				transform: p`translate(${pt.x} ${pt.y})rotate(${tangent + side * 42})translate(${lr * 0.9} 0)`,
			}),
		);
	}
	return out.join("");
}

function stool(sc: Scene, cx: number, gy: number, u: number): string {
	const { palette: pal } = sc;
	const color = sc.rng.pick([pal.accents[1], pal.accents[0], pal.accents[3]]);
	const w = u * 0.62;
	const h = u;
	return [
		softShadow(sc, cx, gy, w * 0.7, u * 0.06),
		el("rect", {
			x: cx - w / 2,
			y: gy - h,
			width: w,
			height: h,
			rx: w * 0.12,
			fill: volumeFill(sc, color, 0),
		}),
		el("ellipse", {
			cx,
			cy: gy - h + w * 0.02,
			rx: w / 2 - w * 0.02,
			ry: w * 0.1,
			fill: mix(color, pal.light, 0.25),
		}),
	].join("");
}

function fruitBowl(sc: Scene, cx: number, gy: number, u: number): string {
	const { rng, palette: pal } = sc;
	const r = u * 0.5;
	const fruits = [pal.accents[0], pal.accents[3], pal.accents[2]].map((color, i) =>
		el("circle", {
			cx: cx + (i - 1) * r * 0.5,
			cy: gy - r * 0.55 - (i === 1 ? r * 0.25 : 0),
			r: r * rng.range(0.26, 0.32),
			fill: volumeFill(sc, color, 0),
		}),
	);
	return [
		...fruits,
		el("path", {
			d: p`M${cx - r} ${gy - r * 0.5}A${r} ${r * 0.5} 0 0 0 ${cx + r} ${gy - r * 0.5}Z`,
			fill: volumeFill(sc, pal.light, 0),
		}),
	].join("");
}

/** A framed print above the sofa, itself a tiny abstract composition. */
function pictureFrame(sc: Scene, cx: number, top: number): string {
	const { rng, palette: pal } = sc;
	const w = sc.len(rng.range(0.3, 0.38));
	const h = w * 0.72;
	const m = w * 0.06;
	return [
		el("rect", {
			x: cx - w / 2 + sc.len(0.008),
			y: top + sc.len(0.01),
			width: w,
			height: h,
			fill: pal.ink,
			opacity: 0.08,
		}),
		el("rect", { x: cx - w / 2, y: top, width: w, height: h, fill: pal.accents[1] }),
		el("rect", { x: cx - w / 2 + m, y: top + m, width: w - 2 * m, height: h - 2 * m, fill: pal.light }),
		el("circle", { cx: cx - w * 0.08, cy: top + h * 0.5, r: h * 0.22, fill: pal.accents[0] }),
		el("rect", { x: cx + w * 0.02, y: top + h * 0.3, width: w * 0.2, height: h * 0.4, fill: pal.accents[2] }),
	].join("");
}

// ---------------------------------------------------------------------------
// CLOTHING: drapes, pinked fabric swatches, a garment on a hanger, a pleated fan
// ---------------------------------------------------------------------------

function clothing(sc: Scene): string {
	return sc.rng.pick([drape, swatches, garment, pleatFan])(sc);
}

/** Full-bleed curtain of fabric: overlapping folds, each a soft dark-light-dark gradient. */
function drape(sc: Scene): string {
	const { rng, palette: pal, width: w, height: h } = sc;
	const base = rng.pick([pal.accents[0], pal.accents[1], pal.accents[3]]);
	const folds = rng.int(7, 11);
	const avg = (w * 1.15) / folds;
	const out = [fullRect(sc, base)];
	let x = -w * 0.06;
	for (let i = 0; i < folds; i++) {
		const fw = avg * rng.range(0.75, 1.35);
		const x0 = x;
		const x1 = x + fw * 1.18;
		const sway = fw * rng.range(-0.35, 0.35);
		const tone = mix(base, i % 2 === 0 ? pal.light : pal.bg, rng.range(0, 0.18));
		out.push(
			el("path", {
				d: p`M${x0} ${-2}C${x0 + sway} ${h * 0.3} ${x0 - sway} ${h * 0.68} ${x0 + sway * 0.6} ${h + 2}L${x1 + sway * 0.6} ${h + 2}C${x1 - sway} ${h * 0.68} ${x1 + sway} ${h * 0.3} ${x1} ${-2}Z`,
				fill: sc.linear(
					[
						[0, mix(tone, pal.ink, 0.3)],
						[0.3, mix(tone, pal.light, 0.25)],
						[0.62, tone],
						[1, mix(tone, pal.ink, 0.22)],
					],
					0,
				),
			}),
		);
		x += fw;
	}
	// Light falls from above; the hem sinks into shade.
	out.push(
		fullRect(
			sc,
			sc.linear([
				[0, pal.light, 0.22],
				[0.5, pal.light, 0],
				[1, pal.ink, 0.18],
			]),
		),
	);
	if (rng.chance(0.7)) out.push(hangTag(sc, base));
	return out.join("");
}

/** A card hang tag on a string: the cue that turns a drape into a fashion image. */
function hangTag(sc: Scene, fabric: string): string {
	const { rng, palette: pal } = sc;
	const w = sc.len(0.13);
	const h = w * 1.65;
	const c = w * 0.26;
	const x = sc.x(rng.range(0.56, 0.7));
	const y = sc.y(rng.range(0.5, 0.6));
	const card = p`M${-w / 2} ${-h / 2 + c}L${-w / 2 + c} ${-h / 2}H${w / 2 - c}L${w / 2} ${-h / 2 + c}V${h / 2}H${-w / 2}Z`;
	const holeY = -h / 2 + c * 0.95;
	const color = rng.pick([pal.light, pal.ink, pal.accents[3]]);
	const detail = lightness(color) > 0.55 ? pal.ink : pal.light;
	return group(
		[
			el("path", {
				d: p`M0 ${holeY}C${w * 0.1} ${-h} ${w * 0.9} ${-h * 1.6} ${w * 0.7} ${-sc.height}`,
				fill: "none",
				stroke: pal.ink,
				"stroke-width": w * 0.012,
				opacity: 0.7,
			}),
			el("path", { d: card, fill: pal.ink, opacity: 0.2, transform: p`translate(${w * 0.05} ${w * 0.08})` }),
			el("path", { d: card, fill: color }),
			el("circle", {
				cx: 0,
				cy: holeY,
				r: w * 0.07,
				fill: fabric,
				stroke: mix(color, pal.ink, 0.2),
				"stroke-width": w * 0.02,
			}),
			studioMark(
				rng.pick(MARK_KINDS),
				0,
				h * 0.05,
				w * 0.42,
				detail,
				pal.accents[0] === color ? pal.accents[2] : pal.accents[0],
			),
			el("rect", {
				x: -w * 0.22,
				y: h * 0.3,
				width: w * 0.44,
				height: w * 0.025,
				fill: detail,
				opacity: 0.6,
			}),
		],
		{ transform: p`translate(${x} ${y})rotate(${rng.range(-10, 10)})` },
	);
}

type Textile = "stripes" | "pinstripe" | "gingham" | "chevron" | "dots" | "plain";

/**
 * A woven/printed textile inside the rectangle (x, y, w, h), drawn as plain geometry
 * (librsvg's <pattern> painting is slow at these sizes).
 */
function textile(sc: Scene, kind: Textile, area: Point[], base: string, thread: string): string {
	const { rng } = sc;
	const u = sc.len(rng.range(0.045, 0.07));
	const ground = polygonsPath([area], { fill: kind === "plain" ? volumeFill(sc, base) : base });
	switch (kind) {
		case "stripes": {
			const angle = rng.chance(0.4) ? 45 : 90;
			return (
				ground +
				polygonsPath(stripeBands(area, u, u * 0.38, angle), { fill: thread }) +
				polygonsPath(stripeBands(area, u, u * 0.06, angle, u * 0.55), { fill: thread, opacity: 0.6 })
			);
		}
		case "pinstripe":
			return ground + polygonsPath(stripeBands(area, u * 0.5, u * 0.05, 90), { fill: thread, opacity: 0.8 });
		case "gingham":
			// Two separate elements so the crossings darken, which is what makes it read as gingham.
			return (
				ground +
				polygonsPath(stripeBands(area, u, u / 2, 90), { fill: thread, opacity: 0.45 }) +
				polygonsPath(stripeBands(area, u, u / 2, 0), { fill: thread, opacity: 0.45 })
			);
		case "chevron": {
			// Zig-zag rows: each tooth is a parallelogram, clipped to the swatch.
			const polys: Point[][] = [];
			const xs = area.map((pt) => pt.x);
			const ys = area.map((pt) => pt.y);
			const t = u * 0.16;
			for (let y = Math.min(...ys) - u; y < Math.max(...ys); y += u * 0.5) {
				for (let x = Math.min(...xs); x < Math.max(...xs); x += u / 2) {
					const up = Math.round((x - Math.min(...xs)) / (u / 2)) % 2 === 0;
					const y0 = up ? y : y + u * 0.5;
					const y1 = up ? y + u * 0.5 : y;
					polys.push(
						clipConvex(
							[
								{ x, y: y0 },
								{ x: x + u / 2, y: y1 },
								{ x: x + u / 2, y: y1 + t },
								{ x, y: y0 + t },
							],
							area,
						),
					);
				}
			}
			return ground + polygonsPath(polys, { fill: thread });
		}
		case "dots": {
			const xs = area.map((pt) => pt.x);
			const ys = area.map((pt) => pt.y);
			const x = Math.min(...xs);
			const y = Math.min(...ys);
			return (
				ground +
				dotGrid({ x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y }, u * 0.7, u * 0.09, false, {
					fill: thread,
				})
			);
		}
		case "plain":
			return ground;
	}
}

/** Fabric swatches fanned on the table: pinked (zig-zag) bottom edge, stitched border. */
function swatches(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const count = rng.int(3, 4);
	const kinds = rng.shuffle<Textile>(["stripes", "pinstripe", "gingham", "chevron", "dots", "plain"]);
	const colors = rng.shuffle([pal.accents[0], pal.accents[1], pal.accents[2], pal.accents[3], pal.bg2]);
	const w = sc.len(rng.range(0.42, 0.48));
	const h = w * 1.3;
	const out = [paperGround(sc, pal.bg)];
	for (let i = 0; i < count; i++) {
		const spread = i - (count - 1) / 2;
		const cx = sc.x(0.5 + spread * 0.15 + rng.range(-0.02, 0.02));
		const cy = sc.y(0.5 + Math.abs(spread) * 0.05 + rng.range(-0.03, 0.03));
		const angle = spread * 9 + rng.range(-4, 4);
		const base = itemAt(colors, i);
		const candidate = itemAt(colors, i + 1 + rng.int(0, 2));
		const thread = candidate === base ? pal.light : candidate;
		const teeth = 9;
		let edge = "";
		for (let k = 0; k < teeth; k++) {
			edge += p`L${w / 2 - (w * (k + 0.5)) / teeth} ${h / 2 + w * 0.035}L${w / 2 - (w * (k + 1)) / teeth} ${h / 2}`;
		}
		const shape = `${p`M${-w / 2} ${-h / 2}H${w / 2}V${h / 2}`}${edge}Z`;
		const inset = w * 0.06;
		out.push(
			group(
				[
					el("path", {
						d: shape,
						fill: pal.ink,
						opacity: 0.16,
						transform: p`translate(${w * 0.025} ${w * 0.035})`,
					}),
					el("path", { d: shape, fill: base }),
					textile(sc, itemAt(kinds, i), rectPoly(-w / 2, -h / 2, w, h), base, thread),
					el("rect", {
						x: -w / 2 + inset,
						y: -h / 2 + inset,
						width: w - 2 * inset,
						height: h - 2 * inset,
						fill: "none",
						stroke: pal.light,
						"stroke-width": w * 0.008,
						"stroke-dasharray": `${num(w * 0.03)} ${num(w * 0.02)}`,
						opacity: 0.85,
					}),
					el("circle", {
						cx: 0,
						cy: -h / 2 + inset * 1.8,
						r: w * 0.025,
						fill: pal.bg,
						stroke: pal.ink,
						"stroke-opacity": 0.25,
						"stroke-width": w * 0.006,
					}),
				],
				{ transform: p`translate(${cx} ${cy})rotate(${angle})` },
			),
		);
	}
	return out.join("");
}

/** A dress on a wire hanger against a colour-blocked wall, with pleats fanning from the waist. */
function garment(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const fabric = rng.pick([pal.accents[0], pal.accents[1], pal.accents[2]]);
	const wall = mix(pal.bg, rng.pick([pal.accents[3], pal.bg2, pal.accents[1]]), 0.5);
	const cx = sc.x(0.5);
	const top = sc.y(0.2);
	const u = sc.len(0.72);
	const sleeve = rng.range(0.08, 0.2);
	const hem = rng.range(0.3, 0.4);
	const waist = rng.range(0.36, 0.42);
	const atX = (fx: number) => cx + fx * u;
	const atY = (fy: number) => top + fy * u;
	const outline = p`M${atX(-0.07)} ${atY(0)}Q${atX(0)} ${atY(0.08)} ${atX(0.07)} ${atY(0)}L${atX(0.19)} ${atY(0.03)}L${atX(0.2 + sleeve * 0.6)} ${atY(0.03 + sleeve)}L${atX(0.17)} ${atY(0.06 + sleeve)}L${atX(0.13)} ${atY(waist)}L${atX(hem)} ${atY(0.98)}Q${atX(0)} ${atY(1.04)} ${atX(-hem)} ${atY(0.98)}L${atX(-0.13)} ${atY(waist)}L${atX(-0.17)} ${atY(0.06 + sleeve)}L${atX(-0.2 - sleeve * 0.6)} ${atY(0.03 + sleeve)}L${atX(-0.19)} ${atY(0.03)}Z`;
	const pleats: string[] = [];
	const pleatCount = rng.int(7, 11);
	for (let i = 0; i <= pleatCount; i++) {
		const t = i / pleatCount - 0.5;
		pleats.push(
			polygon(
				[
					{ x: atX(t * 0.26), y: atY(waist) },
					{ x: atX(t * 0.26 + 0.26 / pleatCount / 2), y: atY(waist) },
					{ x: atX(t * hem * 2 + hem / pleatCount), y: atY(1.05) },
					{ x: atX(t * hem * 2), y: atY(1.05) },
				],
				{ fill: pal.ink, opacity: 0.1 },
			),
		);
	}
	const clipRef = sc.clip(el("path", { d: outline }));
	const hook = p`M${cx} ${top - u * 0.02}V${top - u * 0.08}A${u * 0.035} ${u * 0.035} 0 1 1 ${cx + u * 0.035} ${top - u * 0.115}`;
	return [
		paperGround(sc, wall),
		el("rect", {
			x: 0,
			y: sc.y(0.84),
			width: sc.width,
			height: sc.height - sc.y(0.84),
			fill: mix(wall, pal.ink, 0.08),
		}),
		el("circle", {
			cx: sc.x(rng.pick([0.22, 0.78])),
			cy: sc.y(0.24),
			r: sc.len(0.14),
			fill: mix(wall, pal.light, 0.35),
		}),
		softShadow(sc, cx, sc.y(0.9), u * 0.34, u * 0.03, 0.2),
		el("path", {
			d: hook,
			fill: "none",
			stroke: pal.ink,
			"stroke-width": u * 0.008,
			"stroke-linecap": "round",
		}),
		el("path", {
			d: p`M${atX(-0.22)} ${atY(0.05)}L${cx} ${top - u * 0.02}L${atX(0.22)} ${atY(0.05)}`,
			fill: "none",
			stroke: pal.ink,
			"stroke-width": u * 0.008,
			"stroke-linejoin": "round",
		}),
		el("path", { d: outline, fill: volumeFill(sc, fabric, 0) }),
		group(pleats, { "clip-path": clipRef }),
		el("rect", {
			x: atX(-0.14),
			y: atY(waist - 0.02),
			width: u * 0.28,
			height: u * 0.03,
			fill: mix(fabric, pal.ink, 0.25),
			"clip-path": clipRef,
		}),
	].join("");
}

/** Pleated fabric fans standing on a ledge: alternating lit and shaded folds radiating from a hub. */
function pleatFan(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const [fabric, second] = rng.shuffle([pal.accents[0], pal.accents[1], pal.accents[2]]);
	const cy = sc.y(rng.range(0.7, 0.74));
	const r = sc.len(rng.range(0.33, 0.37));
	// A smaller second fan sits on one side; the main fan shifts the other way to make room.
	const pair = rng.chance(0.6);
	const side = rng.sign();
	const cx = sc.x(pair ? 0.5 - side * 0.12 : 0.5);
	const out = [
		paperGround(sc, pal.bg),
		el("circle", {
			cx: sc.x(rng.pick([0.25, 0.75])),
			cy: sc.y(0.26),
			r: sc.len(0.16),
			fill: mix(pal.bg, pal.accents[3], 0.6),
		}),
	];
	out.push(
		el("rect", {
			x: 0,
			y: cy,
			width: sc.width,
			height: sc.height - cy,
			fill: sc.linear([
				[0, pal.bg2],
				[1, mix(pal.bg2, pal.ink, 0.1)],
			]),
		}),
	);
	const fan = (fx: number, radius: number, color: string, folds: number) => {
		const parts = [softShadow(sc, fx, cy, radius * 1.05, radius * 0.08, 0.22)];
		for (let i = 0; i < folds; i++) {
			const a0 = Math.PI + (i / folds) * Math.PI;
			const a1 = Math.PI + ((i + 1) / folds) * Math.PI;
			parts.push(
				polygon(
					[
						{ x: fx, y: cy },
						{ x: fx + Math.cos(a0) * radius, y: cy + Math.sin(a0) * radius },
						{ x: fx + Math.cos(a1) * radius, y: cy + Math.sin(a1) * radius },
					],
					{ fill: i % 2 === 0 ? mix(color, pal.light, 0.2) : mix(color, pal.ink, 0.14) },
				),
			);
		}
		// Stitched hem line just inside the rim, and a lacquered hub.
		parts.push(
			el("path", {
				d: p`M${fx - radius * 0.93} ${cy}A${radius * 0.93} ${radius * 0.93} 0 0 1 ${fx + radius * 0.93} ${cy}`,
				fill: "none",
				stroke: pal.light,
				"stroke-width": radius * 0.01,
				"stroke-dasharray": `${num(radius * 0.03)} ${num(radius * 0.025)}`,
				opacity: 0.8,
			}),
			el("path", {
				d: p`M${fx - radius * 0.12} ${cy}A${radius * 0.12} ${radius * 0.12} 0 0 1 ${fx + radius * 0.12} ${cy}Z`,
				fill: mix(color, pal.ink, 0.35),
			}),
		);
		return parts.join("");
	};
	if (pair) out.push(fan(cx + side * r * 1.12, r * 0.58, second ?? pal.bg2, rng.int(7, 10) * 2));
	out.push(fan(cx, r, fabric ?? pal.accents[0], rng.int(9, 13) * 2));
	out.push(el("rect", { x: 0, y: cy, width: sc.width, height: sc.len(0.004), fill: pal.ink, opacity: 0.15 }));
	return out.join("");
}

// ---------------------------------------------------------------------------
// DESIGN: Bauhaus tile grid, a project on a plinth, a Swiss modular poster
// ---------------------------------------------------------------------------

function design(sc: Scene): string {
	return sc.rng.pick([tiles, project, modular])(sc);
}

/** Grid of square modules, each with one geometric motif: quarter discs, halves, rings, stripes. */
function tiles(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const rows = rng.pick([3, 4, 4, 5]);
	const cell = sc.stage.size / rows;
	const cols = Math.ceil(sc.width / cell);
	const rowCount = Math.ceil(sc.height / cell);
	const x0 = (sc.width - cols * cell) / 2;
	const y0 = (sc.height - rowCount * cell) / 2;
	const colors = [pal.bg, pal.bg, pal.accents[0], pal.accents[1], pal.accents[2], pal.accents[3], pal.ink];
	const motifs = ["quarter", "quarter", "half", "circle", "ring", "triangle", "stripes", "empty"] as const;
	const out = [fullRect(sc, pal.bg)];
	for (let r = 0; r < rowCount; r++) {
		for (let c = 0; c < cols; c++) {
			const x = x0 + c * cell;
			const y = y0 + r * cell;
			const bg = rng.pick(colors);
			let fg = rng.pick(colors);
			if (fg === bg) fg = bg === pal.ink ? pal.bg : pal.ink;
			const turn = rng.int(0, 3) * 90;
			out.push(el("rect", { x, y, width: cell + 0.5, height: cell + 0.5, fill: bg }));
			out.push(
				group([tileMotif(rng.pick(motifs), cell, fg, rng)], {
					transform: p`translate(${x} ${y})rotate(${turn} ${cell / 2} ${cell / 2})`,
				}),
			);
		}
	}
	return out.join("");
}

function tileMotif(kind: string, s: number, fill: string, rng: Rng): string {
	switch (kind) {
		case "quarter":
			return el("path", { d: p`M0 0H${s}A${s} ${s} 0 0 1 0 ${s}Z`, fill });
		case "half":
			return el("path", { d: p`M0 ${s}A${s / 2} ${s / 2} 0 0 1 ${s} ${s}Z`, fill });
		case "circle":
			return el("circle", { cx: s / 2, cy: s / 2, r: s * rng.range(0.3, 0.42), fill });
		case "ring":
			return el("circle", {
				cx: s / 2,
				cy: s / 2,
				r: s * 0.32,
				fill: "none",
				stroke: fill,
				"stroke-width": s * 0.12,
			});
		case "triangle":
			return el("path", { d: p`M0 0H${s}V${s}Z`, fill });
		case "stripes":
			return [0.125, 0.375, 0.625, 0.875]
				.map((t) => el("rect", { x: 0, y: s * t - s * 0.06, width: s, height: s * 0.12, fill }))
				.join("");
		default:
			return "";
	}
}

/** Object-on-plinth project shot: grid paper wall, colour disc, a Rams-like speaker, clock or bottles. */
function project(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const surfaceY = sc.y(0.74);
	const out = [paperGround(sc, pal.bg)];
	// Faint construction grid across the whole canvas.
	const step = sc.len(1 / 12);
	const lines: string[] = [];
	for (let x = sc.x(0) % step; x < sc.width; x += step) lines.push(p`M${x} 0V${surfaceY}`);
	for (let y = sc.y(0) % step; y < surfaceY; y += step) lines.push(p`M0 ${y}H${sc.width}`);
	out.push(el("path", { d: lines.join(""), stroke: pal.ink, "stroke-width": sc.len(0.0015), opacity: 0.12 }));
	const discColor = rng.pick([pal.accents[0], pal.accents[2], pal.accents[3]]);
	out.push(
		el("circle", {
			cx: sc.x(rng.range(0.55, 0.65)),
			cy: sc.y(rng.range(0.36, 0.44)),
			r: sc.len(rng.range(0.26, 0.32)),
			fill: discColor,
		}),
	);
	out.push(
		el("rect", {
			x: 0,
			y: surfaceY,
			width: sc.width,
			height: sc.height - surfaceY,
			fill: sc.linear([
				[0, pal.bg2],
				[1, mix(pal.bg2, pal.ink, 0.12)],
			]),
		}),
		el("rect", { x: 0, y: surfaceY, width: sc.width, height: sc.len(0.004), fill: pal.light, opacity: 0.7 }),
	);
	const kind = rng.pick(["speaker", "radio", "clock", "bottles"] as const);
	const body =
		discColor === pal.accents[0]
			? rng.pick([pal.light, pal.ink, pal.accents[1]])
			: rng.pick([pal.light, pal.accents[0], pal.ink]);
	if (kind === "speaker") out.push(speaker(sc, sc.x(0.5), surfaceY, sc.len(0.5), body));
	else if (kind === "radio") out.push(radio(sc, sc.x(0.5), surfaceY, sc.len(0.62), body));
	else if (kind === "clock") out.push(deskClock(sc, sc.x(0.5), surfaceY, sc.len(0.5), body));
	else out.push(bottles(sc, surfaceY));
	return out.join("");
}

/** Contrast ink for details on a body colour. */
function onColor(sc: Scene, body: string): string {
	return lightness(body) > 0.55 ? sc.palette.ink : sc.palette.light;
}

function speaker(sc: Scene, cx: number, gy: number, u: number, body: string): string {
	const w = u * 0.62;
	const h = u;
	const detail = onColor(sc, body);
	return [
		softShadow(sc, cx, gy, w * 0.75, u * 0.05),
		el("rect", { x: cx - w / 2, y: gy - h, width: w, height: h, rx: w * 0.1, fill: volumeFill(sc, body, 0) }),
		dotGrid(
			{ x: cx - w * 0.36, y: gy - h * 0.58 - w * 0.36, w: w * 0.72, h: w * 0.72 },
			u * 0.035,
			u * 0.009,
			true,
			{ fill: mix(body, detail, 0.55) },
		),
		el("circle", {
			cx,
			cy: gy - h * 0.15,
			r: w * 0.07,
			fill: sc.palette.accents[0] === body ? detail : sc.palette.accents[0],
		}),
		el("rect", {
			x: cx - w / 2 + w * 0.1,
			y: gy - h * 0.9,
			width: w * 0.22,
			height: u * 0.012,
			rx: u * 0.006,
			fill: detail,
			opacity: 0.5,
		}),
	].join("");
}

function radio(sc: Scene, cx: number, gy: number, u: number, body: string): string {
	const { palette: pal } = sc;
	const w = u;
	const h = u * 0.5;
	const top = gy - h;
	const detail = onColor(sc, body);
	const dialX = cx + w * 0.24;
	const dialY = top + h * 0.5;
	const dialR = h * 0.3;
	const ticks: string[] = [];
	for (let i = 0; i < 24; i++) {
		const a = (i / 24) * Math.PI * 2;
		const r0 = dialR * (i % 6 === 0 ? 0.72 : 0.82);
		ticks.push(
			p`M${dialX + Math.cos(a) * r0} ${dialY + Math.sin(a) * r0}L${dialX + Math.cos(a) * dialR * 0.92} ${dialY + Math.sin(a) * dialR * 0.92}`,
		);
	}
	return [
		softShadow(sc, cx, gy, w * 0.6, u * 0.04),
		el("rect", { x: cx - w / 2, y: top, width: w, height: h, rx: h * 0.12, fill: volumeFill(sc, body) }),
		dotGrid({ x: cx - w * 0.44, y: top + h * 0.14, w: w * 0.5, h: h * 0.72 }, u * 0.024, u * 0.0062, false, {
			fill: mix(body, detail, 0.5),
		}),
		el("circle", { cx: dialX, cy: dialY, r: dialR, fill: mix(body, pal.light, 0.3) }),
		el("path", { d: ticks.join(""), stroke: detail, "stroke-width": u * 0.004, opacity: 0.7 }),
		el("circle", {
			cx: dialX,
			cy: dialY,
			r: dialR * 0.4,
			fill: pal.accents[0] === body ? pal.ink : pal.accents[0],
		}),
		el("rect", {
			x: cx + w * 0.12,
			y: top - h * 0.1,
			width: w * 0.24,
			height: h * 0.1,
			rx: h * 0.03,
			fill: mix(body, pal.ink, 0.25),
		}),
	].join("");
}

function deskClock(sc: Scene, cx: number, gy: number, u: number, body: string): string {
	const { rng, palette: pal } = sc;
	const r = u * 0.4;
	const cy = gy - u * 0.1 - r;
	const face = lightness(body) > 0.55 ? body : pal.light;
	const ticks: string[] = [];
	for (let i = 0; i < 12; i++) {
		const a = (i / 12) * Math.PI * 2;
		const r0 = r * (i % 3 === 0 ? 0.66 : 0.74);
		ticks.push(
			p`M${cx + Math.cos(a) * r0} ${cy + Math.sin(a) * r0}L${cx + Math.cos(a) * r * 0.82} ${cy + Math.sin(a) * r * 0.82}`,
		);
	}
	const hand = (angleDeg: number, length: number, width: number, color: string) =>
		el("rect", {
			x: -width / 2,
			y: -length,
			width,
			height: length + width,
			rx: width / 2,
			fill: color,
			transform: p`translate(${cx} ${cy})rotate(${angleDeg})`,
		});
	return [
		softShadow(sc, cx, gy, r * 0.9, u * 0.04),
		el("rect", {
			x: cx - r * 0.7,
			y: gy - u * 0.1,
			width: r * 1.4,
			height: u * 0.1,
			rx: u * 0.02,
			fill: volumeFill(sc, mix(pal.ink, body, 0.3)),
		}),
		el("circle", { cx, cy, r: r * 1.06, fill: volumeFill(sc, mix(pal.ink, body, 0.2), 45) }),
		el("circle", { cx, cy, r, fill: face }),
		el("path", { d: ticks.join(""), stroke: pal.ink, "stroke-width": r * 0.03 }),
		hand(rng.range(0, 360), r * 0.48, r * 0.06, pal.ink),
		hand(rng.range(0, 360), r * 0.7, r * 0.04, pal.ink),
		hand(rng.range(0, 360), r * 0.76, r * 0.015, pal.accents[0]),
		el("circle", { cx, cy, r: r * 0.05, fill: pal.accents[0] }),
	].join("");
}

/** A family of three ceramic bottles/jars, like a project line-up shot. */
function bottles(sc: Scene, gy: number): string {
	const { rng, palette: pal } = sc;
	const colors = rng.shuffle([pal.light, pal.accents[1], pal.accents[2], pal.ink, pal.accents[3]]);
	const out: string[] = [];
	const specs = [
		{ x: 0.36, w: 0.15, h: 0.44, neck: 0.05 },
		{ x: 0.54, w: 0.2, h: 0.3, neck: 0.12 },
		{ x: 0.69, w: 0.11, h: 0.24, neck: 0.045 },
	];
	specs.forEach((spec, i) => {
		const cx = sc.x(spec.x);
		const w = sc.len(spec.w);
		const h = sc.len(spec.h);
		const neckW = sc.len(spec.neck);
		const shoulder = gy - h * 0.72;
		const color = itemAt(colors, i);
		out.push(
			softShadow(sc, cx, gy, w * 0.75, sc.len(0.02)),
			el("rect", {
				x: cx - neckW / 2,
				y: gy - h,
				width: neckW,
				height: h * 0.3,
				rx: neckW * 0.2,
				fill: mix(color, pal.ink, 0.15),
			}),
			el("path", {
				d: p`M${cx - w / 2} ${gy}V${shoulder + w * 0.3}Q${cx - w / 2} ${shoulder} ${cx - neckW / 2} ${shoulder - w * 0.05}H${cx + neckW / 2}Q${cx + w / 2} ${shoulder} ${cx + w / 2} ${shoulder + w * 0.3}V${gy}Z`,
				fill: volumeFill(sc, color, 0),
			}),
		);
	});
	return out.join("");
}

/** Swiss poster: a 6-column grid, one dominant disc, a block, hairline rules and small marks. */
function modular(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const g = sc.stage.size / 6;
	const gx = (c: number) => sc.x(0) + c * g;
	const gy = (r: number) => sc.y(0) + r * g;
	const [c1, c2, c3] = rng.shuffle([pal.accents[0], pal.accents[1], pal.accents[2]]);
	const out = [paperGround(sc, pal.bg, 0.03)];
	const rules: string[] = [];
	for (let r = 1; r < 6; r++) rules.push(p`M0 ${gy(r)}H${sc.width}`);
	out.push(el("path", { d: rules.join(""), stroke: pal.ink, "stroke-width": sc.len(0.0015), opacity: 0.25 }));

	const blockCol = rng.int(0, 2);
	const blockRow = rng.int(0, 1);
	out.push(
		el("rect", {
			x: gx(blockCol),
			y: gy(blockRow),
			width: g * rng.int(2, 3),
			height: g * rng.int(3, 4),
			fill: c2 ?? pal.ink,
		}),
	);
	const discCol = rng.int(3, 4);
	const discRow = rng.int(2, 3);
	out.push(
		el("circle", {
			cx: gx(discCol),
			cy: gy(discRow),
			r: g * rng.range(1.6, 2),
			fill: c1 ?? pal.ink,
			style: lightness(pal.bg) > 0.5 ? "mix-blend-mode:multiply" : undefined,
		}),
	);
	// Half disc sitting on a rule, a small counterweight to the big circle.
	const hx = gx(rng.int(1, 4));
	const hr = g * 0.75;
	out.push(
		el("path", { d: p`M${hx - hr} ${gy(5)}A${hr} ${hr} 0 0 1 ${hx + hr} ${gy(5)}Z`, fill: c3 ?? pal.ink }),
	);
	// Dot matrix and a bar of ink: the typographic "texture" of a poster without any text.
	const dots: string[] = [];
	const mx = gx(rng.pick([0, 4]));
	const my = gy(rng.pick([4, 0]));
	for (let i = 0; i < 4; i++)
		for (let j = 0; j < 4; j++)
			dots.push(
				el("circle", {
					cx: mx + g * (0.2 + i * 0.2),
					cy: my + g * (0.2 + j * 0.2),
					r: g * 0.035,
					fill: pal.ink,
				}),
			);
	out.push(...dots);
	out.push(
		el("rect", {
			x: gx(rng.int(0, 3)),
			y: gy(rng.int(1, 4)) - g * 0.06,
			width: g * 2,
			height: g * 0.12,
			fill: pal.ink,
		}),
	);
	out.push(registrationMark(sc, gx(5.5), gy(0.5), g * 0.2));
	return out.join("");
}

function registrationMark(sc: Scene, cx: number, cy: number, r: number): string {
	const ink = sc.palette.ink;
	return (
		el("circle", { cx, cy, r: r * 0.6, fill: "none", stroke: ink, "stroke-width": r * 0.08 }) +
		el("path", {
			d: p`M${cx - r} ${cy}H${cx + r}M${cx} ${cy - r}V${cy + r}`,
			stroke: ink,
			"stroke-width": r * 0.08,
		})
	);
}

// ---------------------------------------------------------------------------
// ART: translucent circles, Matisse-like cut-outs, a colour field, brush strokes
// ---------------------------------------------------------------------------

function art(sc: Scene): string {
	return sc.rng.pick([circles, cutouts, colorField, brushStrokes])(sc);
}

function circles(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const count = rng.int(3, 5);
	const colors = rng.shuffle([...pal.accents]);
	const out = [paperGround(sc, pal.bg)];
	for (let i = 0; i < count; i++) {
		const angle = (i / count) * Math.PI * 2 + rng.range(-0.4, 0.4);
		const dist = rng.range(0.06, 0.2);
		out.push(
			el("circle", {
				cx: sc.x(0.5 + Math.cos(angle) * dist),
				cy: sc.y(0.5 + Math.sin(angle) * dist),
				r: sc.len(rng.range(0.16, 0.3)),
				fill: itemAt(colors, i),
				// Plain transparency, like tissue paper: multiply would turn bold overlaps to mud.
				opacity: rng.range(0.7, 0.82),
			}),
		);
	}
	// Counterpoints: a hairline orbit and one small solid dot keep it from being a Venn diagram.
	out.push(
		el("circle", {
			cx: sc.x(0.5),
			cy: sc.y(0.5),
			r: sc.len(rng.range(0.38, 0.44)),
			fill: "none",
			stroke: pal.ink === pal.bg ? pal.light : mix(pal.ink, pal.bg, 0.2),
			"stroke-width": sc.len(0.003),
			opacity: 0.5,
		}),
		el("circle", {
			cx: sc.x(rng.range(0.15, 0.85)),
			cy: sc.y(rng.pick([0.12, 0.88])),
			r: sc.len(0.025),
			fill: lightness(pal.bg) > 0.5 ? pal.ink : pal.light,
		}),
	);
	return out.join("");
}

function cutouts(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const ground = rng.pick([pal.accents[0], pal.accents[1], pal.bg]);
	const colors = rng.shuffle([...pal.accents, pal.light].filter((c) => c !== ground));
	const out = [paperGround(sc, ground, 0.04)];
	// A paper panel behind the shapes, slightly rotated, like a collage.
	const pw = sc.len(rng.range(0.58, 0.68));
	out.push(
		el("rect", {
			x: -pw / 2,
			y: -pw * 0.65,
			width: pw,
			height: pw * 1.3,
			fill: itemAt(colors, 0),
			transform: p`translate(${sc.x(rng.range(0.42, 0.58))} ${sc.y(0.5)})rotate(${rng.range(-5, 5)})`,
		}),
	);
	// One big "stone", then one or two algae leaves crossing it: few shapes, large, confident.
	const side = rng.sign();
	out.push(
		el("path", {
			d: smoothClosedPath(
				blobPoints(
					rng,
					sc.x(0.5 + side * rng.range(0.06, 0.12)),
					sc.y(rng.range(0.55, 0.65)),
					sc.len(rng.range(0.17, 0.22)),
					0.16,
					7,
					rng.range(0.85, 1.2),
				),
			),
			fill: itemAt(colors, 1),
		}),
	);
	out.push(
		leafForm(
			sc,
			sc.x(0.5 - side * rng.range(0.08, 0.14)),
			sc.y(rng.range(0.42, 0.5)),
			sc.len(rng.range(0.5, 0.6)),
			itemAt(colors, 2),
		),
	);
	if (rng.chance(0.6)) {
		out.push(
			leafForm(
				sc,
				sc.x(0.5 + side * rng.range(0.18, 0.24)),
				sc.y(rng.range(0.3, 0.38)),
				sc.len(rng.range(0.26, 0.32)),
				itemAt(colors, 3),
			),
		);
	}
	for (let i = 0; i < 6; i++) {
		const at = {
			x: sc.x(rng.range(0.06, 0.94)),
			y: sc.y(rng.pick([rng.range(0.04, 0.16), rng.range(0.84, 0.96)])),
		};
		out.push(
			el("path", {
				d: smoothClosedPath(blobPoints(rng, at.x, at.y, sc.len(rng.range(0.012, 0.024)), 0.25, 5)),
				fill: itemAt(colors, i),
			}),
		);
	}
	return out.join("");
}

/** Matisse "algae": a stem with alternating lobes, all one cut-out silhouette. */
function leafForm(sc: Scene, cx: number, cy: number, size: number, fill: string): string {
	const { rng } = sc;
	const angle = rng.range(-25, 25);
	const lobes = rng.int(3, 5);
	const parts = [
		el("rect", { x: -size * 0.02, y: -size / 2, width: size * 0.04, height: size, rx: size * 0.02 }),
	];
	for (let i = 0; i < lobes; i++) {
		const y = -size * 0.4 + (i / (lobes - 1)) * size * 0.75;
		const side = i % 2 === 0 ? 1 : -1;
		const lr = size * rng.range(0.09, 0.13);
		parts.push(el("path", { d: smoothClosedPath(blobPoints(rng, side * lr * 1.3, y, lr, 0.18, 7, 1.6)) }));
	}
	parts.push(el("circle", { cx: 0, cy: -size / 2, r: size * 0.07 }));
	return group(parts, { fill, transform: p`translate(${cx} ${cy})rotate(${angle})` });
}

/**
 * Rothko-like stacked fields. Soft edges without blur filters: each field is a vertical
 * gradient that fades to transparent at top and bottom, and ground-coloured gradients
 * feather the left and right edges of the whole stack.
 */
function colorField(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const ground = rng.pick([pal.accents[0], pal.accents[1], pal.ink, pal.bg2]);
	const out = [fullRect(sc, ground)];
	const fields = rng.int(2, 3);
	const margin = sc.len(0.08);
	const left = sc.x(0) + margin;
	const width = sc.stage.size - 2 * margin;
	const gap = sc.len(0.05);
	const feather = sc.len(0.025);
	const weights = Array.from({ length: fields }, () => rng.range(0.7, 1.5));
	const total = weights.reduce((a, b) => a + b, 0);
	const colors = rng.shuffle([...pal.accents, pal.light].filter((c) => c !== ground));
	let y = sc.y(0) + margin;
	weights.forEach((weight, i) => {
		const h = ((sc.stage.size - 2 * margin - gap * (fields - 1)) * weight) / total;
		const color = itemAt(colors, i);
		const second = mix(color, itemAt(colors, i + 1), 0.18);
		const f = feather / (h + 2 * feather);
		out.push(
			el("rect", {
				x: left,
				y: y - feather,
				width,
				height: h + 2 * feather,
				fill: sc.linear([
					[0, color, 0],
					[f * 1.6, color, 1],
					[0.5, second, 1],
					[1 - f * 1.6, color, 1],
					[1, color, 0],
				]),
			}),
		);
		// Glazes: broad bands that fade in and out, the uneven hand of the painter.
		for (let b = 0; b < 4; b++) {
			const bh = h * rng.range(0.15, 0.4);
			out.push(
				el("rect", {
					x: left,
					y: y + rng.range(0, h - bh),
					width,
					height: bh,
					fill: sc.linear([
						[0, rng.chance(0.5) ? pal.light : ground, 0],
						[0.5, rng.chance(0.5) ? pal.light : ground, rng.range(0.06, 0.12)],
						[1, ground, 0],
					]),
				}),
			);
		}
		y += h + gap;
	});
	// Feather the vertical edges of the stack back into the ground.
	for (const [x, angle] of [
		[left - feather * 0.2, 0],
		[left + width - feather * 1.8, 180],
	] as const) {
		out.push(
			el("rect", {
				x,
				y: 0,
				width: feather * 2,
				height: sc.height,
				fill: sc.linear(
					[
						[0, ground, 1],
						[1, ground, 0],
					],
					angle,
				),
			}),
		);
	}
	return out.join("");
}

/** Broad gestural strokes with dry-brush streaks alongside, layered like wet paint. */
function brushStrokes(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const out = [paperGround(sc, pal.bg)];
	const colors = rng.shuffle([...pal.accents]);
	const count = rng.int(3, 4);
	for (let i = 0; i < count; i++) {
		const width = sc.len(rng.range(0.1, 0.17));
		const a = { x: sc.x(rng.range(0.08, 0.3)), y: sc.y(rng.range(0.15, 0.85)) };
		const d = { x: sc.x(rng.range(0.7, 0.92)), y: sc.y(rng.range(0.15, 0.85)) };
		const b = { x: a.x + sc.len(rng.range(0.1, 0.3)), y: a.y + sc.len(rng.range(-0.35, 0.35)) };
		const c = { x: d.x - sc.len(rng.range(0.1, 0.3)), y: d.y + sc.len(rng.range(-0.35, 0.35)) };
		const color = itemAt(colors, i);
		const d0 = p`M${a.x} ${a.y}C${b.x} ${b.y} ${c.x} ${c.y} ${d.x} ${d.y}`;
		const strokes = [
			el("path", {
				d: d0,
				fill: "none",
				stroke: color,
				"stroke-width": width,
				"stroke-linecap": "round",
				opacity: 0.9,
			}),
		];
		// Bristle streaks: thin offset copies that fray the stroke's edges.
		for (let k = 0; k < 7; k++) {
			const off = (k / 6 - 0.5) * width * 1.05;
			strokes.push(
				el("path", {
					d: d0,
					fill: "none",
					stroke: k % 2 === 0 ? mix(color, pal.light, 0.3) : mix(color, pal.ink, 0.25),
					"stroke-width": width * rng.range(0.02, 0.06),
					"stroke-linecap": "round",
					"stroke-dasharray": `${num(sc.len(rng.range(0.2, 0.6)))} ${num(sc.len(rng.range(0.02, 0.1)))}`,
					transform: p`translate(0 ${off})`,
					opacity: rng.range(0.3, 0.6),
				}),
			);
		}
		out.push(strokes.join(""));
	}
	out.push(
		el("circle", {
			cx: sc.x(rng.range(0.2, 0.8)),
			cy: sc.y(rng.range(0.15, 0.3)),
			r: sc.len(0.06),
			fill: pal.ink === pal.bg ? pal.light : pal.ink,
		}),
	);
	return out.join("");
}

// ---------------------------------------------------------------------------
// Geometric letters (only F, O, R, M, A): used by branding and portrait emblems
// ---------------------------------------------------------------------------

type Letter = "F" | "O" | "R" | "M" | "A";
const FORMA: readonly Letter[] = ["F", "O", "R", "M", "A"];

/**
 * Centre-line path of a geometric letter in a box of height 1 (Futura-like construction),
 * drawn with a stroke of width `t`. Returns the path and the letter's width.
 */
function letterShape(letter: Letter, t: number): { d: string; width: number } {
	const h = t / 2;
	switch (letter) {
		case "F": {
			const w = 0.56;
			return { d: p`M${h} 1V${h}H${w}M${h} 0.5H${w * 0.86}`, width: w };
		}
		case "O": {
			const w = 0.92;
			const rx = (w - t) / 2;
			const ry = (1 - t) / 2;
			return { d: p`M${h} 0.5A${rx} ${ry} 0 1 1 ${w - h} 0.5A${rx} ${ry} 0 1 1 ${h} 0.5Z`, width: w };
		}
		case "R": {
			const w = 0.64;
			const bowlBottom = 0.58;
			const r = (bowlBottom - h) / 2;
			const straight = w - h - r;
			return {
				d: p`M${h} 1V${h}H${straight}A${r} ${r} 0 0 1 ${straight} ${bowlBottom}H${h}M${straight - r * 0.2} ${bowlBottom}L${w - h * 0.6} 1`,
				width: w,
			};
		}
		case "M": {
			const w = 0.92;
			return { d: p`M${h} 1V${t * 0.7}L${w / 2} 0.78L${w - h} ${t * 0.7}V1`, width: w };
		}
		case "A": {
			const w = 0.86;
			return {
				d: p`M${h * 0.8} 1L${w / 2} ${t * 0.75}L${w - h * 0.8} 1M${w * 0.25} 0.68H${w * 0.75}`,
				width: w,
			};
		}
	}
}

/** A letter at (x, y-top) with cap height `size`; stroke scales with the transform. */
function letter(ch: Letter, x: number, y: number, size: number, color: string, weight = 0.2): string {
	const shape = letterShape(ch, weight);
	return el("path", {
		d: shape.d,
		fill: "none",
		stroke: color,
		"stroke-width": weight,
		"stroke-linejoin": "miter",
		"stroke-miterlimit": 6,
		transform: p`translate(${x} ${y})scale(${size})`,
	});
}

function wordWidth(letters: readonly Letter[], weight: number, tracking: number): number {
	return (
		letters.reduce((sum, ch) => sum + letterShape(ch, weight).width, 0) + tracking * (letters.length - 1)
	);
}

const MARK_KINDS = ["circleSquare", "arch", "halves", "ringBar"] as const;
type MarkKind = (typeof MARK_KINDS)[number];

/** FORMA-style studio mark: two primitives locked together; the seed picks the `kind`. */
function studioMark(kind: MarkKind, cx: number, cy: number, size: number, a: string, b: string): string {
	const s = size;
	switch (kind) {
		case "circleSquare":
			return (
				el("rect", { x: cx - s / 2, y: cy - s * 0.1, width: s * 0.6, height: s * 0.6, fill: a }) +
				el("circle", { cx: cx + s * 0.2, cy: cy - s * 0.1, r: s * 0.3, fill: b })
			);
		case "arch":
			return (
				el("path", { d: archPath(cx - s / 2, cy - s / 2, s * 0.7, cy + s / 2), fill: a }) +
				el("circle", { cx: cx + s * 0.36, cy: cy + s * 0.36, r: s * 0.14, fill: b })
			);
		case "halves":
			return (
				el("path", { d: p`M${cx} ${cy - s / 2}A${s / 2} ${s / 2} 0 0 0 ${cx} ${cy + s / 2}Z`, fill: a }) +
				el("path", {
					d: p`M${cx + s * 0.08} ${cy - s / 2}A${s / 2} ${s / 2} 0 0 1 ${cx + s * 0.08} ${cy + s / 2}Z`,
					fill: b,
				})
			);
		case "ringBar":
			return (
				el("circle", { cx, cy, r: s * 0.38, fill: "none", stroke: a, "stroke-width": s * 0.16 }) +
				el("rect", { x: cx - s * 0.08, y: cy - s / 2, width: s * 0.16, height: s, fill: b })
			);
	}
}

// ---------------------------------------------------------------------------
// BRANDING: giant letterform with construction lines, wordmark poster, brand board
// ---------------------------------------------------------------------------

function branding(sc: Scene): string {
	return sc.rng.pick([giantLetter, wordmark, brandBoard])(sc);
}

/** Colour chips in a row, the way identity guidelines present a palette. */
function swatchRow(sc: Scene, x: number, y: number, chip: number, colors: readonly string[]): string {
	const { palette: pal } = sc;
	return colors
		.map((color, i) =>
			el("rect", {
				x: x + i * chip * 1.15,
				y,
				width: chip,
				height: chip * 1.35,
				rx: chip * 0.08,
				fill: color,
				stroke: mix(pal.bg, pal.ink, 0.15),
				"stroke-width": chip * 0.02,
			}),
		)
		.join("");
}

function giantLetter(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const ch = rng.pick(FORMA);
	const size = sc.len(rng.range(0.95, 1.15));
	// Diagonal letters get a lighter stroke so their counters stay open at this scale.
	const weight = ch === "A" || ch === "M" ? rng.range(0.12, 0.15) : rng.range(0.16, 0.24);
	const shape = letterShape(ch, weight);
	const x = sc.x(rng.range(0.2, 0.4)) - (shape.width * size) / 4;
	const y = sc.y(rng.range(0.12, 0.3));
	const guide = mix(pal.bg, pal.ink, 0.35);
	const hair = sc.len(0.0018);
	const out = [paperGround(sc, pal.bg, 0.04), letter(ch, x, y, size, pal.accents[0], weight)];
	// Construction lines: cap line, x-height, baseline, and a circle on the letter's main curve.
	const guides =
		[y, y + size * 0.5, y + size].map((gy) => p`M0 ${gy}H${sc.width}`).join("") +
		p`M${x} 0V${sc.height}M${x + shape.width * size} 0V${sc.height}`;
	out.push(
		el("path", {
			d: guides,
			stroke: guide,
			"stroke-width": hair,
			"stroke-dasharray": `${num(sc.len(0.01))} ${num(sc.len(0.008))}`,
		}),
	);
	out.push(
		el("circle", {
			cx: x + (shape.width * size) / 2,
			cy: y + size / 2,
			r: size / 2,
			fill: "none",
			stroke: guide,
			"stroke-width": hair,
		}),
	);
	for (const [gx, gy] of [
		[x, y],
		[x + shape.width * size, y + size],
	] as const) {
		out.push(
			el("circle", {
				cx: gx,
				cy: gy,
				r: sc.len(0.008),
				fill: pal.bg,
				stroke: pal.ink,
				"stroke-width": hair * 1.5,
			}),
		);
	}
	const chip = sc.len(0.06);
	out.push(
		swatchRow(sc, sc.x(0.06), sc.y(0.06), chip, [pal.accents[0], pal.accents[1], pal.accents[2], pal.ink]),
	);
	out.push(studioMark(sc.rng.pick(MARK_KINDS), sc.x(0.9), sc.y(0.9), sc.len(0.08), pal.ink, pal.accents[1]));
	return out.join("");
}

function wordmark(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const ground = rng.pick([pal.accents[0], pal.bg, pal.accents[1]]);
	const ink = lightness(ground) > 0.55 ? pal.ink : pal.light;
	const weight = rng.range(0.14, 0.22);
	const tracking = rng.range(0.1, 0.22);
	const unitWidth = wordWidth(FORMA, weight, tracking);
	// The word spans most of the canvas width but never gets taller than a third of the stage.
	const size = Math.min((sc.width * 0.74) / unitWidth, sc.len(0.3));
	const total = unitWidth * size;
	let x = (sc.width - total) / 2;
	const y = sc.height / 2 - size / 2;
	const out = [paperGround(sc, ground, 0.05)];
	for (const ch of FORMA) {
		out.push(letter(ch, x, y, size, ink, weight));
		x += (letterShape(ch, weight).width + tracking) * size;
	}
	const hair = sc.len(0.002);
	const left = (sc.width - total) / 2;
	out.push(
		el("rect", { x: left, y: y + size * 1.35, width: total, height: hair * 2, fill: ink, opacity: 0.8 }),
	);
	out.push(
		el("rect", {
			x: left,
			y: y - size * 0.35 - hair * 2,
			width: total * 0.25,
			height: hair * 2,
			fill: ink,
			opacity: 0.8,
		}),
	);
	out.push(
		studioMark(
			sc.rng.pick(MARK_KINDS),
			left + total - sc.len(0.04),
			y - size * 0.55,
			sc.len(0.07),
			ink,
			ground === pal.accents[0] ? pal.accents[1] : pal.accents[0],
		),
	);
	for (const [cx, cy] of [
		[sc.len(0.05), sc.len(0.05)],
		[sc.width - sc.len(0.05), sc.len(0.05)],
		[sc.len(0.05), sc.height - sc.len(0.05)],
		[sc.width - sc.len(0.05), sc.height - sc.len(0.05)],
	] as const) {
		out.push(el("g", { opacity: 0.5 }, registrationMarkInk(cx, cy, sc.len(0.018), ink)));
	}
	return out.join("");
}

function registrationMarkInk(cx: number, cy: number, r: number, ink: string): string {
	return el("path", {
		d: p`M${cx - r} ${cy}H${cx + r}M${cx} ${cy - r}V${cy + r}`,
		stroke: ink,
		"stroke-width": r * 0.1,
	});
}

/** Identity mock-up: business cards, a round sticker, a swatch strip — flat-lay on a table. */
function brandBoard(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const out = [paperGround(sc, pal.bg2, 0.05)];
	const cardW = sc.len(0.42);
	const cardH = cardW * 0.6;
	const item = (cx: number, cy: number, angle: number, body: string) =>
		group([body], { transform: p`translate(${cx} ${cy})rotate(${angle})` });
	const shadowed = (w: number, h: number, fill: string, rx = 0) =>
		el("rect", {
			x: -w / 2 + sc.len(0.008),
			y: -h / 2 + sc.len(0.014),
			width: w,
			height: h,
			rx,
			fill: pal.ink,
			opacity: 0.16,
		}) + el("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx, fill });
	const brand = pal.accents[0];
	const brandInk = lightness(brand) > 0.55 ? pal.ink : pal.light;
	// The same mark on every item, as in a real identity.
	const markKind = rng.pick(MARK_KINDS);
	const mark = (cx: number, cy: number, s: number, a: string, b: string) =>
		studioMark(markKind, cx, cy, s, a, b);
	// Back card: brand colour with a big letter.
	out.push(
		item(
			sc.x(0.36),
			sc.y(0.34),
			rng.range(-14, -6),
			shadowed(cardW, cardH, brand) +
				letter(rng.pick(FORMA), -cardW * 0.4, -cardH * 0.32, cardH * 0.64, brandInk, 0.2),
		),
	);
	// Front card: light, with mark and "text" lines.
	out.push(
		item(
			sc.x(0.5),
			sc.y(0.6),
			rng.range(3, 9),
			shadowed(cardW, cardH, pal.light) +
				mark(-cardW * 0.34, -cardH * 0.26, cardH * 0.2, brand, pal.accents[1]) +
				[0, 1, 2]
					.map((i) =>
						el("rect", {
							x: -cardW * 0.42,
							y: cardH * (0.12 + i * 0.09),
							width: cardW * (0.38 - i * 0.08),
							height: cardH * 0.035,
							fill: pal.ink,
							opacity: 0.55,
						}),
					)
					.join(""),
		),
	);
	// Round sticker.
	const sr = sc.len(0.11);
	out.push(
		el("circle", {
			cx: sc.x(0.78) + sc.len(0.006),
			cy: sc.y(0.28) + sc.len(0.012),
			r: sr,
			fill: pal.ink,
			opacity: 0.16,
		}),
		el("circle", { cx: sc.x(0.78), cy: sc.y(0.28), r: sr, fill: pal.accents[1] }),
		mark(sc.x(0.78), sc.y(0.28), sr * 0.9, pal.light, brand),
	);
	// Swatch strip.
	const chips = [brand, pal.accents[1], pal.accents[2], pal.ink];
	const stripX = sc.x(0.8);
	const stripY = sc.y(0.5);
	const chipH = sc.len(0.07);
	out.push(
		item(
			stripX,
			stripY + chipH * 2,
			rng.range(-4, 4),
			shadowed(sc.len(0.13), chipH * 4.6, pal.light, sc.len(0.01)) +
				chips
					.map((c, i) =>
						el("rect", {
							x: -sc.len(0.055),
							y: -chipH * 2.2 + i * chipH * 1.1,
							width: sc.len(0.11),
							height: chipH,
							fill: c,
						}),
					)
					.join(""),
		),
	);
	return out.join("");
}

// ---------------------------------------------------------------------------
// CREATIVE: diagonal bands, Memphis confetti, a split field with a bouncing disc
// ---------------------------------------------------------------------------

function creative(sc: Scene): string {
	return sc.rng.pick([diagonalBands, confetti, splitField])(sc);
}

function squiggle(x: number, y: number, length: number, amp: number, waves: number): string {
	let d = p`M${x} ${y}`;
	const step = length / (waves * 2);
	for (let i = 0; i < waves * 2; i++) {
		d += p`q${step / 2} ${i % 2 === 0 ? -amp * 2 : amp * 2} ${step} 0`;
	}
	return d;
}

function zigzag(x: number, y: number, length: number, amp: number, teeth: number): string {
	let d = p`M${x} ${y}`;
	const step = length / teeth;
	for (let i = 1; i <= teeth; i++) d += p`L${x + i * step} ${y + (i % 2 === 0 ? 0 : -amp)}`;
	return d;
}

function diagonalBands(sc: Scene): string {
	const { rng, palette: pal, width: w, height: h } = sc;
	const angle = rng.pick([-32, -38, 32, 38, -56, 56]);
	const span = Math.hypot(w, h);
	const colors = rng.shuffle([pal.bg, ...pal.accents, pal.bg2]);
	const bands: string[] = [];
	let y = -span / 2;
	let i = 0;
	while (y < span / 2) {
		const bh = sc.len(rng.pick([0.04, 0.08, 0.14, 0.22, 0.3]));
		bands.push(el("rect", { x: -span / 2, y, width: span, height: bh + 1, fill: itemAt(colors, i) }));
		y += bh;
		i++;
	}
	const out = [
		fullRect(sc, pal.bg),
		group(bands, { transform: p`translate(${w / 2} ${h / 2})rotate(${angle})` }),
	];
	const disc = rng.pick(pal.accents);
	const cx = sc.x(rng.range(0.36, 0.64));
	const cy = sc.y(rng.range(0.36, 0.64));
	const r = sc.len(rng.range(0.2, 0.3));
	// The small accents go to shuffled corners so seeds don't share one layout.
	const [c1, c2, c3] = rng.shuffle([
		{ x: 0.2, y: 0.15 },
		{ x: 0.8, y: 0.15 },
		{ x: 0.2, y: 0.87 },
		{ x: 0.8, y: 0.87 },
	]);
	const corner = (pt: Point | undefined, fallback: Point) => ({
		x: sc.x((pt ?? fallback).x),
		y: sc.y((pt ?? fallback).y),
	});
	const squigAt = corner(c1, { x: 0.2, y: 0.15 });
	const zigAt = corner(c2, { x: 0.8, y: 0.87 });
	const triAt = corner(c3, { x: 0.8, y: 0.15 });
	const lineInk = rng.pick([pal.ink, pal.light]);
	// Lower half of the disc (clockwise on screen), striped parallel to the bands.
	const halfDisc = Array.from({ length: 33 }, (_, k) => ({
		x: Math.cos((k / 32) * Math.PI) * r,
		y: Math.sin((k / 32) * Math.PI) * r,
	}));
	out.push(
		el("circle", { cx: cx + sc.len(0.02), cy: cy + sc.len(0.025), r, fill: pal.ink, opacity: 0.9 }),
		el("circle", { cx, cy, r, fill: disc }),
		group(
			[
				polygonsPath(stripeBands(halfDisc, sc.len(0.04), sc.len(0.02), 0, r * 0.1), {
					fill: pal.light,
					opacity: 0.9,
				}),
			],
			{ transform: p`translate(${cx} ${cy})rotate(${angle})` },
		),
		el("path", {
			d: squiggle(squigAt.x - sc.len(0.15), squigAt.y, sc.len(0.3), sc.len(0.025), 4),
			fill: "none",
			stroke: lineInk,
			"stroke-width": sc.len(0.014),
			"stroke-linecap": "round",
		}),
		el("path", {
			d: zigzag(zigAt.x - sc.len(0.14), zigAt.y, sc.len(0.28), sc.len(0.05), 8),
			fill: "none",
			stroke: lineInk === pal.ink ? pal.light : pal.ink,
			"stroke-width": sc.len(0.014),
			"stroke-linejoin": "round",
			"stroke-linecap": "round",
		}),
		rng.chance(0.5)
			? el("path", {
					d: p`M${triAt.x} ${triAt.y - sc.len(0.075)}l${sc.len(0.09)} ${sc.len(0.15)}h${-sc.len(0.18)}Z`,
					fill: pal.ink,
					transform: p`rotate(${rng.range(-30, 30)} ${triAt.x} ${triAt.y})`,
				})
			: el("circle", {
					cx: triAt.x,
					cy: triAt.y,
					r: sc.len(0.06),
					fill: "none",
					stroke: pal.ink,
					"stroke-width": sc.len(0.022),
				}),
	);
	return out.join("");
}

/** Memphis-style confetti: shapes spread with a minimum distance so nothing collides. */
function confetti(sc: Scene): string {
	const { rng, palette: pal, width: w, height: h } = sc;
	const out = [paperGround(sc, pal.bg, 0.04)];
	const colors = [...pal.accents, pal.ink];
	// Anchor: a big half disc rising from the bottom, or a thick arc.
	const ax = sc.x(rng.range(0.3, 0.7));
	const ar = sc.len(rng.range(0.3, 0.4));
	out.push(
		rng.chance(0.5)
			? el("path", { d: p`M${ax - ar} ${h}A${ar} ${ar} 0 0 1 ${ax + ar} ${h}Z`, fill: pal.accents[0] })
			: el("path", {
					d: p`M${ax - ar} ${h}A${ar} ${ar} 0 0 1 ${ax + ar} ${h}`,
					fill: "none",
					stroke: pal.accents[0],
					"stroke-width": sc.len(0.1),
				}),
	);
	out.push(
		dotGrid(
			{ x: sc.x(rng.range(0.08, 0.5)), y: sc.y(rng.range(0.1, 0.4)), w: sc.len(0.3), h: sc.len(0.16) },
			sc.len(0.03),
			sc.len(0.0078),
			false,
			{ fill: pal.ink, opacity: 0.5 },
		),
	);
	const placed: Point[] = [];
	const minDist = sc.len(0.13);
	const target = Math.round(16 * (w / sc.stage.size));
	for (let attempt = 0; attempt < 400 && placed.length < target; attempt++) {
		const pt = { x: rng.range(sc.len(0.05), w - sc.len(0.05)), y: rng.range(sc.len(0.05), h - sc.len(0.05)) };
		if (placed.some((q) => Math.hypot(q.x - pt.x, q.y - pt.y) < minDist)) continue;
		placed.push(pt);
		out.push(confettiPiece(sc, pt, rng.pick(colors)));
	}
	return out.join("");
}

function confettiPiece(sc: Scene, at: Point, color: string): string {
	const { rng } = sc;
	const s = sc.len(rng.range(0.035, 0.06));
	const stroke = sc.len(0.012);
	const kind = rng.pick(["pill", "triangle", "ring", "squiggle", "plus", "half", "dot"] as const);
	const transform = p`translate(${at.x} ${at.y})rotate(${rng.range(0, 360)})`;
	switch (kind) {
		case "pill":
			return el("rect", {
				x: -s,
				y: -s * 0.3,
				width: s * 2,
				height: s * 0.6,
				rx: s * 0.3,
				fill: color,
				transform,
			});
		case "triangle":
			return el("path", { d: p`M0 ${-s}L${s * 0.9} ${s * 0.6}H${-s * 0.9}Z`, fill: color, transform });
		case "ring":
			return el("circle", { r: s * 0.7, fill: "none", stroke: color, "stroke-width": stroke, transform });
		case "squiggle":
			return el("path", {
				d: squiggle(-s * 1.4, 0, s * 2.8, s * 0.25, 3),
				fill: "none",
				stroke: color,
				"stroke-width": stroke,
				"stroke-linecap": "round",
				transform,
			});
		case "plus":
			return el("path", {
				d: p`M${-s * 0.8} 0H${s * 0.8}M0 ${-s * 0.8}V${s * 0.8}`,
				stroke: color,
				"stroke-width": stroke * 1.2,
				"stroke-linecap": "round",
				transform,
			});
		case "half":
			return el("path", { d: p`M${-s} 0A${s} ${s} 0 0 1 ${s} 0Z`, fill: color, transform });
		case "dot":
			return el("circle", { r: s * 0.4, fill: color, transform });
	}
}

function splitField(sc: Scene): string {
	const { rng, palette: pal, width: w, height: h } = sc;
	const [a, b, c, d] = rng.shuffle([...pal.accents]);
	const colA = a ?? pal.bg;
	const colB = b ?? pal.ink;
	const tilt = sc.len(rng.range(0.25, 0.5)) * rng.sign();
	const out = [
		fullRect(sc, pal.bg),
		polygon(
			[
				{ x: 0, y: h },
				{ x: w / 2 - tilt - h * 0.4, y: h },
				{ x: w / 2 + tilt + h * 0.4, y: 0 },
				{ x: w, y: 0 },
				{ x: w, y: h },
			],
			{ fill: colA },
		),
	];
	// Concentric quarter arcs from a corner: rhythm against the diagonal.
	const corner = { x: rng.chance(0.5) ? 0 : w, y: rng.chance(0.5) ? 0 : h };
	for (let i = 4; i >= 1; i--) {
		out.push(
			el("circle", {
				cx: corner.x,
				cy: corner.y,
				r: sc.len(0.08 * i),
				fill: i % 2 === 0 ? (c ?? pal.ink) : pal.bg,
			}),
		);
	}
	const cx = sc.x(0.5);
	const cy = sc.y(rng.range(0.4, 0.55));
	const r = sc.len(rng.range(0.2, 0.26));
	out.push(
		el("ellipse", { cx, cy: sc.y(0.9), rx: r * 0.9, ry: r * 0.12, fill: pal.ink, opacity: 0.18 }),
		el("circle", { cx, cy, r, fill: colB }),
		el("path", {
			d: p`M${cx - r} ${cy}A${r} ${r} 0 0 1 ${cx + r} ${cy}Z`,
			fill: d ?? pal.light,
			transform: p`rotate(${rng.range(-40, 40)} ${cx} ${cy})`,
		}),
	);
	// Motion dots trailing the disc.
	for (let i = 1; i <= 5; i++) {
		out.push(
			el("circle", {
				cx: cx - r - sc.len(0.05 * i),
				cy: cy + sc.len(0.035 * i),
				r: sc.len(0.014 - i * 0.002),
				fill: pal.ink,
			}),
		);
	}
	const zx = corner.x === 0 ? sc.x(0.62) : sc.x(0.1);
	const zy = corner.y === 0 ? sc.y(0.88) : sc.y(0.16);
	out.push(
		el("path", {
			d: zigzag(zx, zy, sc.len(0.28), sc.len(0.045), 7),
			fill: "none",
			stroke: pal.ink,
			"stroke-width": sc.len(0.012),
			"stroke-linejoin": "round",
			"stroke-linecap": "round",
		}),
	);
	return out.join("");
}

// ---------------------------------------------------------------------------
// PORTRAIT: modernist bust (head on a shoulder arc) or a studio emblem
// ---------------------------------------------------------------------------

function portrait(sc: Scene): string {
	return sc.rng.chance(0.7) ? bust(sc) : emblem(sc);
}

const SKIN_TONES = ["#F3D7C2", "#E8C2A0", "#D6A27C", "#B57E58", "#8C5B3F", "#64412E"] as const;
const HAIR_TONES = ["#2A211D", "#5B3A2A", "#A5683F", "#D8B774", "#C9C2B8"] as const;

function bust(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const [clothes, paletteSkin, paletteHair, detail] = pal.accents;
	// People differ: skin and hair come from their own ranges, nudged towards the palette so they sit in it.
	const skin = mix(rng.pick(SKIN_TONES), paletteSkin, 0.2);
	let hair = rng.pick([paletteHair, paletteHair, ...HAIR_TONES]);
	if (Math.abs(lightness(hair) - lightness(skin)) < 0.18) hair = pal.ink;
	const cx = sc.x(0.5 + rng.range(-0.04, 0.04));
	const headY = sc.y(rng.range(0.38, 0.42));
	const headRx = sc.len(rng.range(0.12, 0.14));
	const headRy = headRx * rng.range(1.18, 1.32);
	const lit = rng.sign(); // which side the light comes from; the other half of the figure is in shade
	const shadeX = lit > 0 ? cx - sc.width : cx;
	const out = [paperGround(sc, pal.bg, 0.05)];

	// Backdrop behind the head: an arch, a sun disc, or a vertical colour split.
	const backdrop = rng.pick(["arch", "disc", "split"] as const);
	const backTone = mix(pal.bg, rng.pick([pal.bg2, detail, clothes]), rng.range(0.3, 0.5));
	if (backdrop === "arch")
		out.push(
			el("path", { d: archPath(cx - sc.len(0.3), sc.y(0.1), sc.len(0.6), sc.height), fill: backTone }),
		);
	else if (backdrop === "disc")
		out.push(el("circle", { cx, cy: headY - sc.len(0.04), r: sc.len(0.3), fill: backTone }));
	else
		out.push(el("rect", { x: rng.chance(0.5) ? 0 : cx, y: 0, width: cx, height: sc.height, fill: backTone }));

	const shoulderTop = headY + headRy * 1.5;
	const hairStyle = rng.pick(["cap", "long", "bun", "crop", "none"] as const);
	if (hairStyle === "long") {
		// Long hair falls behind the head down to the shoulders.
		const w = headRx * 2.5;
		out.push(
			el("rect", {
				x: cx - w / 2,
				y: headY - headRy * 1.1,
				width: w,
				height: shoulderTop - headY + headRy * 1.1 + sc.len(0.05),
				rx: w * 0.45,
				fill: hair,
			}),
		);
	}
	if (hairStyle === "bun")
		out.push(
			el("circle", {
				cx: cx + headRx * rng.range(-0.3, 0.3),
				cy: headY - headRy * 1.08,
				r: headRx * 0.48,
				fill: hair,
			}),
		);

	// Shoulders: sloping curves from the neck out to the frame edge, flat colour with a shade side.
	const sw = sc.len(rng.range(0.42, 0.5));
	const shoulders = p`M${cx - sw} ${sc.height + 2}V${shoulderTop + sw * 0.5}C${cx - sw} ${shoulderTop + sw * 0.12} ${cx - sw * 0.62} ${shoulderTop} ${cx - sw * 0.24} ${shoulderTop}H${cx + sw * 0.24}C${cx + sw * 0.62} ${shoulderTop} ${cx + sw} ${shoulderTop + sw * 0.12} ${cx + sw} ${shoulderTop + sw * 0.5}V${sc.height + 2}Z`;
	const neckW = headRx * 0.62;
	out.push(
		el("rect", {
			x: cx - neckW / 2,
			y: headY,
			width: neckW,
			height: shoulderTop - headY + sc.len(0.03),
			fill: mix(skin, pal.ink, 0.16),
		}),
	);
	out.push(el("path", { d: shoulders, fill: clothes }));
	out.push(
		el("rect", {
			x: shadeX,
			y: 0,
			width: sc.width,
			height: sc.height,
			fill: pal.ink,
			opacity: 0.14,
			"clip-path": sc.clip(el("path", { d: shoulders })),
		}),
	);
	// Collar: a V-neck or a turtleneck band.
	if (rng.chance(0.5))
		out.push(
			el("path", {
				d: p`M${cx - neckW * 0.85} ${shoulderTop}L${cx} ${shoulderTop + sc.len(0.09)}L${cx + neckW * 0.85} ${shoulderTop}Z`,
				fill: mix(skin, pal.ink, 0.12),
			}),
		);
	else
		out.push(
			el("rect", {
				x: cx - neckW * 0.7,
				y: shoulderTop - sc.len(0.045),
				width: neckW * 1.4,
				height: sc.len(0.07),
				rx: sc.len(0.02),
				fill: mix(clothes, pal.ink, 0.18),
			}),
		);

	// Head with its shadow side: a half ellipse in a darker tone, the modernist split face.
	out.push(el("ellipse", { cx, cy: headY, rx: headRx, ry: headRy, fill: skin }));
	out.push(
		el("path", {
			d: p`M${cx} ${headY - headRy}A${headRx} ${headRy} 0 0 ${lit > 0 ? 0 : 1} ${cx} ${headY + headRy}Z`,
			fill: mix(skin, pal.ink, 0.14),
		}),
	);

	if (hairStyle !== "none") {
		// Hair: the crown, and two curtain curves meeting at a side parting.
		const crop = hairStyle === "crop";
		const hr = crop ? 1.03 : 1.08;
		const temple = headY - headRy * (crop ? 0.4 : 0.02);
		const part = { x: cx + lit * headRx * 0.3, y: headY - headRy * (crop ? 0.82 : 0.72) };
		const left = cx - headRx * hr;
		const right = cx + headRx * hr;
		out.push(
			el("path", {
				d: p`M${left} ${temple}A${headRx * hr} ${headRy * hr} 0 0 1 ${right} ${temple}Q${right - headRx * 0.25} ${part.y + headRy * 0.1} ${part.x} ${part.y}Q${left + headRx * 0.25} ${part.y + headRy * 0.1} ${left} ${temple}Z`,
				fill: hair,
			}),
		);
	}

	// One character detail per person.
	const extra = rng.pick(["glasses", "earring", "eyes", "none"] as const);
	const eyeY = headY + headRy * 0.08;
	if (extra === "glasses") {
		const gr = headRx * 0.28;
		out.push(
			el("path", {
				d: p`M${cx - gr * 2.1} ${eyeY}a${gr} ${gr} 0 1 0 ${gr * 2} 0a${gr} ${gr} 0 1 0 ${-gr * 2} 0M${cx + gr * 0.1} ${eyeY}a${gr} ${gr} 0 1 0 ${gr * 2} 0a${gr} ${gr} 0 1 0 ${-gr * 2} 0M${cx - gr * 0.1} ${eyeY}h${gr * 0.2}`,
				fill: "none",
				stroke: pal.ink,
				"stroke-width": headRx * 0.05,
			}),
		);
	} else if (extra === "earring") {
		out.push(
			el("circle", {
				cx: cx - lit * headRx * 1.02,
				cy: headY + headRy * 0.35,
				r: headRx * 0.1,
				fill: detail,
			}),
		);
	} else if (extra === "eyes") {
		for (const s of [-1, 1]) {
			out.push(
				el("path", {
					d: p`M${cx + s * headRx * 0.45 - headRx * 0.16} ${eyeY}q${headRx * 0.16} ${headRx * 0.1} ${headRx * 0.32} 0`,
					fill: "none",
					stroke: pal.ink,
					"stroke-width": headRx * 0.045,
					"stroke-linecap": "round",
				}),
			);
		}
	}
	return out.join("");
}

/** A round studio emblem: a ring of dots, a disc, and a FORMA letter or mark in the middle. */
function emblem(sc: Scene): string {
	const { rng, palette: pal } = sc;
	const [a, b, , d] = pal.accents;
	const cx = sc.x(0.5);
	const cy = sc.y(0.5);
	const r = sc.len(0.34);
	const out = [paperGround(sc, pal.bg, 0.05)];
	out.push(
		el("circle", {
			cx,
			cy,
			r: r * 1.18,
			fill: "none",
			stroke: pal.ink,
			"stroke-width": sc.len(0.008),
			"stroke-dasharray": `0 ${num(sc.len(0.03))}`,
			"stroke-linecap": "round",
			opacity: 0.7,
		}),
	);
	out.push(el("circle", { cx, cy, r, fill: a }));
	const inner = lightness(a) > 0.55 ? pal.ink : pal.light;
	if (rng.chance(0.5)) {
		const ch = rng.pick(FORMA);
		const size = r * 0.95;
		const shape = letterShape(ch, 0.2);
		out.push(letter(ch, cx - (shape.width * size) / 2, cy - size / 2, size, inner, 0.2));
	} else {
		out.push(studioMark(sc.rng.pick(MARK_KINDS), cx, cy, r * 0.95, inner, d === a ? b : d));
	}
	out.push(el("circle", { cx: cx + r * 0.78, cy: cy - r * 0.78, r: r * 0.14, fill: b }));
	return out.join("");
}

// ---------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------

const THEMES: Record<ArtTheme, (sc: Scene) => string> = {
	furniture,
	clothing,
	design,
	art,
	branding,
	creative,
	portrait,
};

/** How much paper grain each theme gets: stronger on painterly/printed themes. */
const GRAIN: Record<ArtTheme, number> = {
	furniture: 0.2,
	clothing: 0.2,
	design: 0.16,
	art: 0.3,
	branding: 0.16,
	creative: 0.2,
	portrait: 0.24,
};

/** Returns a complete standalone SVG document string with the given width/height and viewBox. Same options → identical string. */
export function renderArtwork(options: ArtworkOptions): string {
	const width = Math.max(1, Math.round(options.width));
	const height = Math.max(1, Math.round(options.height));
	const sc = new Scene({ ...options, width, height });
	const body = THEMES[options.theme](sc);
	const texture = grain(sc, GRAIN[options.theme]);
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${sc.defsMarkup()}${body}${texture}</svg>`;
}
