/**
 * Shared ground for the seed's piece-by-piece art: every object is drawn in centimetres with its origin at
 * the middle of its foot (y up is negative), so one drawing serves the cover (fitted to the frame), the detail
 * (the same drawing zoomed on a point) and the room (at true scale beside furniture drawn the same way).
 */
import { archPath, el, mix, type Palette, p, type Scene, softShadow } from "../artwork";

export { el, mix, p };

/** Materials, so the same oak or steel looks the same in every picture. */
export const OAK = "#C79A66";
export const OAK_DARK = "#9C7246";
export const ASH = "#DDBF93";
export const PINE = "#D8AE74";
export const BIRCH = "#E6CFA6";
export const STEEL = "#4A4D50";
export const GRAPHITE = "#3B3E42";
export const PLASTER = "#EEE9E0";

export interface Piece {
	palette: Palette;
	/** Width and height of the object in cm (its box above the floor). */
	w: number;
	h: number;
	/** The object in cm, origin at the middle of its foot. */
	draw: (sc: Scene) => string;
}

export interface ViewArt {
	kind: "cover" | "detail" | "room" | "context";
	altEn: string;
	altRu: string;
	render: (sc: Scene) => string;
}

/** One seed piece's pictures: its colours and its 3–4 views, cover first. */
export interface PieceArt {
	palette: Palette;
	views: readonly ViewArt[];
}

/** Draws cm-space markup at (x, y) px with `k` px per cm. */
export function place(markup: string, x: number, y: number, k: number): string {
	return `<g transform="${p`translate(${x} ${y}) scale(${k})`}">${markup}</g>`;
}

export function wallAndFloor(
	sc: Scene,
	floorY: number,
	wall = sc.palette.bg,
	floor = sc.palette.bg2,
): string {
	const { light, ink } = sc.palette;
	return (
		el("rect", {
			x: 0,
			y: 0,
			width: sc.width,
			height: floorY + 1,
			fill: sc.linear([
				[0, mix(wall, light, 0.3)],
				[1, wall],
			]),
		}) +
		el("rect", {
			x: 0,
			y: floorY,
			width: sc.width,
			height: sc.height - floorY,
			fill: sc.linear([
				[0, floor],
				[1, mix(floor, ink, 0.14)],
			]),
		})
	);
}

export interface CoverOptions {
	/** "arch" or "disc" behind the object, in a tint of the wall. */
	backdrop?: "arch" | "disc" | "none";
	/** cm above the floor the object's foot sits at (wall pieces hang). */
	lift?: number;
	/** Share of the frame's height the object takes. */
	fill?: number;
	/** No floor: the object hangs on a plain wall (posters, coats on a hanger). */
	wallOnly?: boolean;
}

/** The object alone on a calm ground, fitted to the frame. */
export function cover(sc: Scene, piece: Piece, options: CoverOptions = {}): string {
	const { backdrop = "arch", lift = 0, fill = 0.56, wallOnly = false } = options;
	const pal = sc.palette;
	const floorY = wallOnly ? sc.height + 1 : sc.height * 0.78;
	const k = Math.min((sc.width * 0.62) / piece.w, (sc.height * fill) / piece.h);
	const baseY = wallOnly ? sc.height * 0.5 + (piece.h * k) / 2 : floorY - lift * k;
	const cx = sc.width / 2;
	const out = [wallAndFloor(sc, floorY)];
	const tint = mix(pal.bg, pal.accents[3], 0.45);
	const r = Math.min(Math.max(piece.w, piece.h) * k * 0.56, sc.height * 0.36);
	if (backdrop === "arch")
		out.push(el("path", { d: archPath(cx - r, baseY - piece.h * k - r * 0.28, 2 * r, floorY), fill: tint }));
	if (backdrop === "disc") out.push(el("circle", { cx, cy: baseY - (piece.h * k) / 2, r, fill: tint }));
	if (!wallOnly && lift === 0)
		out.push(softShadow(sc, cx, floorY, (piece.w * k) / 1.6, sc.height * 0.035, 0.3));
	out.push(place(piece.draw(sc), cx, baseY, k));
	return out.join("");
}

/** The same drawing, zoomed so that `span` cm fill the frame's height around the point (x, y) in cm. */
export function detail(
	sc: Scene,
	piece: Piece,
	focus: { x: number; y: number; span: number },
	lift = 0,
): string {
	const k = sc.height / focus.span;
	const tx = sc.width / 2 - focus.x * k;
	const ty = sc.height / 2 - (focus.y - lift) * k;
	return wallAndFloor(sc, lift > 0 ? sc.height + 1 : Math.max(-1, ty)) + place(piece.draw(sc), tx, ty, k);
}

/** A room in cm: `span` cm fill the frame's height; the floor line sits at 80 %. */
export interface Room {
	k: number;
	floorY: number;
	/** Places cm-space markup with its origin at (x cm from the centre, y cm above the floor). */
	at: (markup: string, x: number, y?: number) => string;
	/** Visible half-width in cm. */
	halfW: number;
}

export function room(
	sc: Scene,
	span: number,
	wall = sc.palette.bg,
	floor = sc.palette.bg2,
): { room: Room; ground: string } {
	const floorY = sc.height * 0.8;
	const k = sc.height / span;
	const cx = sc.width / 2;
	return {
		room: {
			k,
			floorY,
			halfW: cx / k,
			at: (markup, x, y = 0) => place(markup, cx + x * k, floorY - y * k, k),
		},
		ground: wallAndFloor(sc, floorY, wall, floor),
	};
}

/** Contact shadow under an object of width w (cm), in cm space. */
export function shadow(sc: Scene, w: number, opacity = 0.3): string {
	return softShadow(sc, 0, 0, w * 0.62, Math.max(3, w * 0.07), opacity);
}

// ---------------------------------------------------------------------------
// Props, all in cm with the origin at their foot
// ---------------------------------------------------------------------------

/** An arched window with a pale sky and a band of light; origin at its sill. */
export function windowArch(sc: Scene, w: number, h: number): string {
	const pal = sc.palette;
	const frame = mix(pal.light, pal.bg, 0.3);
	return (
		el("path", { d: archPath(-w / 2 - 4, -h - 4, w + 8, 4), fill: frame }) +
		el("path", {
			d: archPath(-w / 2, -h, w, 0),
			fill: sc.linear([
				[0, "#DCE6E6"],
				[1, mix("#F3EEDF", pal.light, 0.4)],
			]),
		}) +
		el("rect", { x: -1.5, y: -h + w / 2, width: 3, height: h - w / 2, fill: frame }) +
		el("rect", { x: -w / 2, y: -h * 0.45, width: w, height: 3, fill: frame })
	);
}

/** A potted plant: a terracotta pot and a few long leaves. */
export function plant(sc: Scene, h: number, leafColor = "#66704A"): string {
	const pot = h * 0.28;
	const out = [shadow(sc, pot * 1.2, 0.22)];
	const leaves: [number, number][] = [
		[-38, 0.95],
		[-14, 1],
		[8, 0.9],
		[30, 0.82],
		[-58, 0.7],
		[52, 0.66],
	];
	for (const [angle, reach] of leaves) {
		const rad = ((angle - 90) * Math.PI) / 180;
		const len = (h - pot) * reach;
		const tip = { x: Math.cos(rad) * len, y: -pot + Math.sin(rad) * len };
		const nx = -Math.sin(rad) * len * 0.16;
		const ny = Math.cos(rad) * len * 0.16;
		const mid = { x: tip.x * 0.5, y: (tip.y - pot) * 0.5 };
		out.push(
			el("path", {
				d: p`M0 ${-pot}Q${mid.x + nx} ${mid.y + ny} ${tip.x} ${tip.y}Q${mid.x - nx} ${mid.y - ny} 0 ${-pot}Z`,
				fill: angle > 0 ? mix(leafColor, "#000000", 0.12) : leafColor,
			}),
		);
	}
	out.push(
		el("path", {
			d: p`M${-pot * 0.5} ${-pot}L${pot * 0.5} ${-pot}L${pot * 0.4} 0L${-pot * 0.4} 0Z`,
			fill: "#B9673F",
		}),
	);
	out.push(el("rect", { x: -pot * 0.55, y: -pot - 3, width: pot * 1.1, height: 5, rx: 1, fill: "#A65A36" }));
	return out.join("");
}

/** A flat woven rug seen in perspective, centred on the origin. */
export function rug(sc: Scene, w: number, color: string): string {
	return (
		el("path", { d: p`M${-w / 2} 10L${w / 2} 10L${w * 0.42} -8L${-w * 0.42} -8Z`, fill: color }) +
		el("path", {
			d: p`M${-w * 0.4} 6L${w * 0.4} 6M${-w * 0.37} -3L${w * 0.37} -3`,
			stroke: mix(color, sc.palette.light, 0.35),
			"stroke-width": 1.5,
		})
	);
}

/** A framed picture hung by its bottom edge at the origin. */
export function frame(w: number, h: number, inner: string, frameColor = "#2E2A26"): string {
	return (
		el("rect", { x: -w / 2 + 2, y: -h + 3, width: w, height: h, fill: "#000000", opacity: 0.12 }) +
		el("rect", { x: -w / 2, y: -h, width: w, height: h, fill: frameColor }) +
		el("rect", { x: -w / 2 + 2.5, y: -h + 2.5, width: w - 5, height: h - 5, fill: "#F6F2EA" }) +
		inner
	);
}

/** A simple low sideboard or console (w × h cm), in a wood tone, for objects to stand on. */
export function sideboard(sc: Scene, w: number, h: number, wood = OAK): string {
	return (
		shadow(sc, w, 0.25) +
		el("rect", { x: -w / 2 + 4, y: -h * 0.25, width: 3, height: h * 0.25, fill: mix(wood, "#000000", 0.4) }) +
		el("rect", { x: w / 2 - 7, y: -h * 0.25, width: 3, height: h * 0.25, fill: mix(wood, "#000000", 0.4) }) +
		el("rect", {
			x: -w / 2,
			y: -h,
			width: w,
			height: h * 0.75,
			rx: 2,
			fill: sc.linear([
				[0, mix(wood, "#FFFFFF", 0.1)],
				[1, mix(wood, "#000000", 0.12)],
			]),
		}) +
		el("path", {
			d: p`M${-w / 6} ${-h + 4}V${-h * 0.3}M${w / 6} ${-h + 4}V${-h * 0.3}`,
			stroke: mix(wood, "#000000", 0.3),
			"stroke-width": 0.8,
		})
	);
}

/** A standing figure seen from the front or back, body of height h; `torso` draws the clothes over it. */
export function figure(sc: Scene, h: number, skin: string, hair: string, legs: string, back = false): string {
	const u = h / 170;
	const out = [shadow(sc, 44 * u, 0.24)];
	out.push(el("rect", { x: -9 * u, y: -82 * u, width: 7.5 * u, height: 80 * u, rx: 3 * u, fill: legs }));
	out.push(
		el("rect", {
			x: 1.5 * u,
			y: -82 * u,
			width: 7.5 * u,
			height: 80 * u,
			rx: 3 * u,
			fill: mix(legs, "#000000", 0.15),
		}),
	);
	out.push(el("ellipse", { cx: -5 * u, cy: -2 * u, rx: 6 * u, ry: 2.6 * u, fill: "#2A2522" }));
	out.push(el("ellipse", { cx: 5 * u, cy: -2 * u, rx: 6 * u, ry: 2.6 * u, fill: "#2A2522" }));
	out.push(
		el("rect", { x: -3.5 * u, y: -150 * u, width: 7 * u, height: 10 * u, fill: mix(skin, "#000000", 0.12) }),
	);
	out.push(el("ellipse", { cx: 0, cy: -157 * u, rx: 9.5 * u, ry: 12 * u, fill: skin }));
	out.push(
		el("path", {
			d: back
				? p`M${-10 * u} ${-155 * u}A${10 * u} ${13 * u} 0 1 1 ${10 * u} ${-155 * u}Q${10 * u} ${-146 * u} ${6 * u} ${-145 * u}H${-6 * u}Q${-10 * u} ${-146 * u} ${-10 * u} ${-155 * u}Z`
				: p`M${-10 * u} ${-156 * u}A${10 * u} ${12.5 * u} 0 1 1 ${10 * u} ${-156 * u}Q${3 * u} ${-166 * u} ${-10 * u} ${-156 * u}Z`,
			fill: hair,
		}),
	);
	return out.join("");
}

/** A palette from a wall, a floor and one accent. */
export function pal(bg: string, bg2: string, accent: string, ink = "#2B2520"): Palette {
	return { bg, bg2, ink, light: "#FBF7F1", accents: [accent, accent, accent, accent] };
}

/** Oiled wood: lit from the left, a shade to the right. */
export function oakFill(sc: Scene, wood = OAK): string {
	return sc.linear(
		[
			[0, mix(wood, "#FFFFFF", 0.14)],
			[0.6, wood],
			[1, mix(wood, "#000000", 0.16)],
		],
		0,
	);
}

/** A living room at true scale: window, rug, plant and the piece (with optional extras behind it). */
export function livingRoom(
	sc: Scene,
	piece: Piece,
	span: number,
	x: number,
	extras: (at: (m: string, x: number, y?: number) => string) => string[] = () => [],
): string {
	const { room: r, ground } = room(sc, span);
	const out = [ground];
	out.push(r.at(windowArch(sc, span * 0.22, span * 0.5), -r.halfW * 0.62, span * 0.28));
	out.push(r.at(rug(sc, Math.max(piece.w * 1.6, span * 0.5), mix(sc.palette.bg2, "#FFFFFF", 0.35)), x, 0));
	out.push(...extras(r.at));
	out.push(r.at(plant(sc, span * 0.42), r.halfW * 0.72));
	out.push(r.at(piece.draw(sc), x));
	return out.join("");
}

/** A wall with a window and a plant; the piece hangs or stands in the middle, `below` adds furniture. */
export function wallRoom(
	sc: Scene,
	span: number,
	art: string,
	artLift: number,
	below: (at: (m: string, x: number, y?: number) => string) => string[] = () => [],
): string {
	const { room: r, ground } = room(sc, span);
	return [
		ground,
		r.at(windowArch(sc, span * 0.2, span * 0.48), -r.halfW * 0.68, span * 0.26),
		...below(r.at),
		r.at(plant(sc, span * 0.4), r.halfW * 0.72),
		r.at(art, 0, artLift),
	].join("");
}
