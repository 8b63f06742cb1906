/** Clothing: the coat and the scarf, drawn from their descriptions in seed-data.ts (cm). */
import type { Scene } from "../artwork";
import {
	cover,
	detail,
	el,
	figure,
	mix,
	OAK,
	OAK_DARK,
	type Piece,
	type PieceArt,
	p,
	pal,
	plant,
	room,
	wallRoom,
	windowArch,
} from "./kit";

// --- Pleat Wool Coat: straight cut, deep pressed pleats down the back, horn buttons -----------------

const WOOL = "#5E6B78";
const HORN = "#5B4332";

function hanger(): string {
	return el("path", {
		d: p`M0 -118V-121A2.5 2.5 0 1 1 2.5 -123.5M-22 -106L0 -118L22 -106`,
		fill: "none",
		stroke: OAK_DARK,
		"stroke-width": 1.4,
		"stroke-linecap": "round",
	});
}

/** The coat hanging, from the back (pleats) or the front (buttons); origin at the hem. */
function coat(sc: Scene, back: boolean): string {
	const body = p`M-12 -118L-24 -113Q-30 -110 -31 -100L-34 -62L-30 -60L-27 -90L-26 0H26L27 -90L30 -60L34 -62L31 -100Q30 -110 24 -113L12 -118Q0 -112 -12 -118Z`;
	const out = [
		el("path", {
			d: body,
			fill: sc.linear(
				[
					[0, mix(WOOL, "#FFFFFF", 0.1)],
					[1, mix(WOOL, "#000000", 0.1)],
				],
				0,
			),
		}),
	];
	if (back) {
		for (const x of [-9, 0, 9]) {
			out.push(el("path", { d: p`M${x} -100L${x - 3.2} 0H${x + 3.2}Z`, fill: mix(WOOL, "#1B2026", 0.35) }));
			out.push(
				el("path", {
					d: p`M${x + 0.8} -100L${x + 3.2} 0`,
					stroke: mix(WOOL, "#FFFFFF", 0.3),
					"stroke-width": 0.5,
				}),
			);
		}
		out.push(el("rect", { x: -14, y: -102, width: 28, height: 3, fill: mix(WOOL, "#000000", 0.2) }));
	} else {
		out.push(
			el("path", {
				d: p`M-12 -118L-3 -85L0 -80L3 -85L12 -118`,
				fill: "none",
				stroke: mix(WOOL, "#000000", 0.3),
				"stroke-width": 0.8,
			}),
		);
		out.push(el("path", { d: p`M0 -80V0`, stroke: mix(WOOL, "#000000", 0.3), "stroke-width": 0.6 }));
		for (const y of [-74, -56, -38])
			out.push(
				el("circle", { cx: -3.5, cy: y, r: 1.8, fill: HORN }),
				el("circle", { cx: -3.5, cy: y, r: 0.7, fill: mix(HORN, "#FFFFFF", 0.35) }),
			);
		out.push(
			el("path", { d: p`M-22 -44h9M13 -44h9`, stroke: mix(WOOL, "#000000", 0.3), "stroke-width": 0.6 }),
		);
	}
	out.push(el("path", { d: p`M-12 -118Q0 -112 12 -118Q0 -108 -12 -118Z`, fill: mix(WOOL, "#000000", 0.3) }));
	return out.join("") + hanger();
}

const coatBack: Piece = {
	palette: pal("#E6E1D8", "#C8BEAF", "#D3CCBF"),
	w: 70,
	h: 124,
	draw: (sc) => coat(sc, true),
};
const coatFront: Piece = { ...coatBack, draw: (sc) => coat(sc, false) };

/** The coat on a figure, seen walking away: the pleats open as it moves. */
function coatWorn(sc: Scene): string {
	const { room: r, ground } = room(sc, 220);
	const wearer = figure(sc, 172, "#D6A27C", "#2A211D", "#2E2B29", true);
	const worn = `<g transform="${p`translate(0 -29) scale(1.02)`}">${coat(sc, true).replace(/<path d="M0 -118V-121[^>]*\/>/, "")}</g>`;
	return ground + r.at(windowArch(sc, 60, 120), -90, 60) + r.at(plant(sc, 90), 95) + r.at(wearer + worn, 0);
}

// --- Linen Field Scarf: soft yellow and brick-red stripes, hand-knotted fringe ---------------------

const WELD = "#E3C25E";
const MADDER = "#B24A33";
const LINEN = "#EDE3CF";

/** The scarf folded over a wooden rail: two tails hanging, fringe at the bottom; origin at the foot. */
export function scarf(sc: Scene): string {
	const out = [el("rect", { x: -34, y: -112, width: 68, height: 3.2, rx: 1.6, fill: OAK })];
	for (const [x, len] of [
		[-14, 100],
		[10, 88],
	] as const) {
		const top = -110;
		const w = 22;
		const stripes: string[] = [el("rect", { x: x - w / 2, y: top, width: w, height: len, fill: LINEN })];
		for (let y = top + 8; y < top + len - 6; y += 16) {
			stripes.push(el("rect", { x: x - w / 2, y, width: w, height: 5, fill: WELD }));
			stripes.push(el("rect", { x: x - w / 2, y: y + 7, width: w, height: 2, fill: MADDER }));
		}
		stripes.push(
			el("rect", {
				x: x - w / 2,
				y: top,
				width: w,
				height: len,
				fill: sc.linear(
					[
						[0, "#FFFFFF", 0.15],
						[0.5, "#FFFFFF", 0],
						[1, "#000000", 0.12],
					],
					0,
				),
			}),
		);
		let fringe = "";
		for (let fx = x - w / 2 + 1; fx < x + w / 2; fx += 1.6)
			fringe += p`M${fx} ${top + len}l${(fx - x) * 0.04} 7`;
		stripes.push(el("path", { d: fringe, stroke: mix(LINEN, "#8A7A60", 0.3), "stroke-width": 0.55 }));
		out.push(stripes.join(""));
	}
	return out.join("");
}

const scarfPiece: Piece = { palette: pal("#E9E4DA", "#CFC4B1", "#E9D6A8"), w: 70, h: 114, draw: scarf };

export const clothingArt: Record<string, PieceArt> = {
	"pleat-wool-coat": {
		palette: coatBack.palette,
		views: [
			{
				kind: "cover",
				altEn: "Pleat Wool Coat on a hanger, seen from the back with its deep pressed pleats",
				altRu: "Пальто Pleat Wool на плечиках со спины: глубокие заутюженные складки",
				render: (sc) => cover(sc, coatBack, { wallOnly: true, backdrop: "disc", fill: 0.8 }),
			},
			{
				kind: "detail",
				altEn: "Pleat Wool Coat: the pressed pleats of felted grey-blue wool up close",
				altRu: "Пальто Pleat Wool: заутюженные складки валяной серо-синей шерсти крупным планом",
				render: (sc) => detail(sc, coatBack, { x: 0, y: -60, span: 40 }, 1),
			},
			{
				kind: "room",
				altEn: "Pleat Wool Coat worn, seen from behind in a bright room",
				altRu: "Пальто Pleat Wool на человеке, вид со спины в светлой комнате",
				render: coatWorn,
			},
			{
				kind: "context",
				altEn: "Pleat Wool Coat from the front: a straight cut closed with horn buttons",
				altRu: "Пальто Pleat Wool спереди: прямой крой и пуговицы из рога",
				render: (sc) => cover(sc, coatFront, { wallOnly: true, backdrop: "arch", fill: 0.8 }),
			},
		],
	},
	"linen-field-scarf": {
		palette: scarfPiece.palette,
		views: [
			{
				kind: "cover",
				altEn:
					"Linen Field Scarf folded over a wooden rail: soft yellow and brick-red stripes on natural linen",
				altRu:
					"Шарф Linen Field на деревянной перекладине: мягкие жёлтые и кирпично-красные полосы на натуральном льне",
				render: (sc) => cover(sc, scarfPiece, { wallOnly: true, backdrop: "disc", fill: 0.78 }),
			},
			{
				kind: "detail",
				altEn: "Linen Field Scarf: the stripes and the hand-knotted fringe up close",
				altRu: "Шарф Linen Field: полосы и вручную завязанная бахрома крупным планом",
				render: (sc) => detail(sc, scarfPiece, { x: -14, y: -14, span: 28 }, 1),
			},
			{
				kind: "room",
				altEn: "Linen Field Scarf hanging on a rail in a sunny hallway beside a plant",
				altRu: "Шарф Linen Field на перекладине в солнечной прихожей рядом с растением",
				render: (sc) => wallRoom(sc, 230, scarf(sc), 60),
			},
		],
	},
};
