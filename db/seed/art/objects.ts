/** Design objects and art pieces, drawn from their descriptions in seed-data.ts (cm). */
import { dotGrid, type Scene } from "../artwork";
import {
	cover,
	detail,
	el,
	frame,
	mix,
	OAK,
	type Piece,
	type PieceArt,
	PLASTER,
	p,
	pal,
	STEEL,
	shadow,
	sideboard,
	wallRoom,
} from "./kit";

// --- Ripple Glass Vase: smoky green mouth-blown glass, rippled walls ------------------------------

const GLASS = "#6F8F74";

export function vase(sc: Scene): string {
	const outline = p`M-4.5 -24C-4.5 -21 -8.5 -18 -8.5 -10C-8.5 -3 -7 0 -5 0H5C7 0 8.5 -3 8.5 -10C8.5 -18 4.5 -21 4.5 -24Z`;
	const clip = sc.clip(el("path", { d: outline }));
	let ripples = "";
	for (let x = -9; x < 9; x += 1.8) ripples += p`M${x} -24C${x - 1} -16 ${x + 1.5} -8 ${x} 0`;
	return (
		shadow(sc, 20, 0.22) +
		el("ellipse", { cx: 2, cy: 0, rx: 8, ry: 1.4, fill: mix(GLASS, "#FFFFFF", 0.2), opacity: 0.5 }) +
		el("path", {
			d: outline,
			fill: sc.linear(
				[
					[0, mix(GLASS, "#1E2A22", 0.35)],
					[0.3, mix(GLASS, "#FFFFFF", 0.25)],
					[0.55, GLASS],
					[1, mix(GLASS, "#1E2A22", 0.45)],
				],
				0,
			),
			opacity: 0.9,
		}) +
		el(
			"g",
			{ "clip-path": clip },
			el("path", {
				d: ripples,
				fill: "none",
				stroke: mix(GLASS, "#FFFFFF", 0.45),
				"stroke-width": 0.7,
				opacity: 0.55,
			}) +
				el("path", {
					d: ripples,
					fill: "none",
					stroke: mix(GLASS, "#1E2A22", 0.5),
					"stroke-width": 0.4,
					opacity: 0.5,
					transform: "translate(1 0)",
				}),
		) +
		el("ellipse", { cx: 0, cy: -24, rx: 4.5, ry: 1.1, fill: mix(GLASS, "#1E2A22", 0.5) }) +
		el("path", {
			d: p`M-5.8 -15C-6.8 -10 -6.6 -5 -5.4 -2.5`,
			fill: "none",
			stroke: "#FFFFFF",
			"stroke-width": 0.7,
			opacity: 0.6,
			"stroke-linecap": "round",
		}) +
		el("circle", { cx: 3, cy: -9, r: 0.35, fill: "#FFFFFF", opacity: 0.6 }) +
		el("circle", { cx: -2.5, cy: -5, r: 0.25, fill: "#FFFFFF", opacity: 0.6 })
	);
}

const vasePiece: Piece = { palette: pal("#E8E6DC", "#C7C2AE", "#D3DCCB"), w: 18, h: 25, draw: vase };

function branches(): string {
	return (
		el("path", {
			d: p`M-1 -22C-6 -40 -14 -52 -20 -62M0 -22C2 -45 8 -58 16 -70M-8 -44C-14 -46 -18 -44 -22 -40M6 -50C12 -52 15 -50 18 -46`,
			fill: "none",
			stroke: "#5A4634",
			"stroke-width": 0.7,
			"stroke-linecap": "round",
		}) + dotGrid({ x: -24, y: -72, w: 44, h: 34 }, 6, 1.3, true, { fill: "#E7A9A0" })
	);
}

// --- Orbit Table Lamp: a spun aluminium disc swivelling round a raw steel stem ---------------------

function lamp(sc: Scene, on = true): string {
	return (
		shadow(sc, 20, 0.3) +
		(on
			? el("ellipse", {
					cx: 8,
					cy: -30,
					rx: 22,
					ry: 22,
					fill: sc.radial([
						[0, "#FFE7A8", 0.75],
						[1, "#FFE7A8", 0],
					]),
				})
			: "") +
		el("ellipse", { cx: 0, cy: -1.2, rx: 9, ry: 2, fill: STEEL }) +
		el("rect", { x: -9, y: -2, width: 18, height: 2, fill: mix(STEEL, "#000000", 0.2) }) +
		el("rect", {
			x: -0.7,
			y: -52,
			width: 1.4,
			height: 50,
			fill: sc.linear(
				[
					[0, "#6A6F74"],
					[1, STEEL],
				],
				0,
			),
		}) +
		el("circle", { cx: 0, cy: -32, r: 1.3, fill: "#2A2C2E" }) +
		el("ellipse", {
			cx: 7,
			cy: -32,
			rx: 5,
			ry: 15,
			fill: sc.linear(
				[
					[0, "#E8E9EA"],
					[0.5, "#B7BBBF"],
					[1, "#8C9096"],
				],
				0,
			),
		}) +
		el("ellipse", {
			cx: 7.6,
			cy: -32,
			rx: 3.6,
			ry: 12,
			fill: "none",
			stroke: "#FFFFFF",
			"stroke-width": 0.25,
			opacity: 0.7,
		}) +
		(on ? el("circle", { cx: 3.5, cy: -32, r: 2.6, fill: "#FFF3CF" }) : "") +
		el("path", { d: p`M0 -3C-6 -1 -14 -1 -22 0`, fill: "none", stroke: "#8C5A3C", "stroke-width": 0.5 }) +
		el("rect", { x: -16, y: -1.4, width: 3, height: 1.4, rx: 0.5, fill: "#2A2C2E" })
	);
}

const lampPiece: Piece = {
	palette: pal("#E4E2DE", "#BEB8AE", "#D6D7D4"),
	w: 40,
	h: 54,
	draw: (sc) => lamp(sc),
};

// --- Dune Ceramic Set: two bowls and a plate in sand stoneware, glazed inside -----------------------

const CLAY = "#D8C2A0";
const GLAZE = "#F1ECE1";

function bowl(sc: Scene, x: number, r: number, h: number): string {
	return (
		el("path", {
			d: p`M${x - r} ${-h}C${x - r} ${-h * 0.3} ${x - r * 0.5} 0 ${x} 0C${x + r * 0.5} 0 ${x + r} ${-h * 0.3} ${x + r} ${-h}Z`,
			fill: sc.linear(
				[
					[0, mix(CLAY, "#FFFFFF", 0.15)],
					[1, mix(CLAY, "#5A4530", 0.25)],
				],
				0,
			),
		}) +
		el("ellipse", { cx: x, cy: -h, rx: r, ry: r * 0.26, fill: GLAZE }) +
		el("ellipse", { cx: x, cy: -h + r * 0.04, rx: r * 0.86, ry: r * 0.2, fill: mix(GLAZE, "#BFB19A", 0.3) }) +
		el("path", {
			d: p`M${x - r} ${-h}A${r} ${r * 0.26} 0 0 0 ${x + r} ${-h}`,
			fill: "none",
			stroke: mix(CLAY, "#5A4530", 0.2),
			"stroke-width": 0.35,
		})
	);
}

function ceramics(sc: Scene): string {
	return (
		shadow(sc, 46, 0.24) +
		el("ellipse", { cx: 0, cy: -12, rx: 14, ry: 14, fill: CLAY }) +
		el("circle", { cx: 0, cy: -12, r: 10.5, fill: GLAZE }) +
		el("circle", {
			cx: 0,
			cy: -12,
			r: 10.5,
			fill: "none",
			stroke: mix(CLAY, "#5A4530", 0.15),
			"stroke-width": 0.4,
		}) +
		bowl(sc, -10, 8, 6.5) +
		bowl(sc, 10, 8, 6.5)
	);
}

const ceramicPiece: Piece = { palette: pal("#E6DCCB", "#C7B496", "#E9D9BD"), w: 40, h: 28, draw: ceramics };

/** The set from above on linen: raw clay rims round glossy glazed hollows. */
function ceramicsFromAbove(sc: Scene): string {
	const u = sc.height / 60;
	const dish = (cx: number, cy: number, r: number) =>
		el("circle", { cx: cx + u * 0.8, cy: cy + u * 1.2, r, fill: "#6B5A44", opacity: 0.18 }) +
		el("circle", { cx, cy, r, fill: CLAY }) +
		el("circle", {
			cx,
			cy,
			r: r * 0.8,
			fill: sc.radial(
				[
					[0, "#FFFFFF"],
					[0.7, GLAZE],
					[1, mix(GLAZE, "#BFB19A", 0.35)],
				],
				0.4,
				0.4,
				0.7,
			),
		});
	return (
		el("rect", { x: 0, y: 0, width: sc.width, height: sc.height, fill: mix(sc.palette.bg, "#FFFFFF", 0.2) }) +
		el("path", {
			d: p`M0 ${sc.height * 0.72}H${sc.width}`,
			stroke: mix(sc.palette.bg2, "#000000", 0.1),
			"stroke-width": u * 0.4,
		}) +
		dish(sc.width / 2 - 6 * u, sc.height / 2, 14 * u) +
		dish(sc.width / 2 + 14 * u, sc.height / 2 - 11 * u, 8 * u) +
		dish(sc.width / 2 + 16 * u, sc.height / 2 + 10 * u, 8 * u)
	);
}

// --- Quiet Grid Poster: thin blue and red lines on off-white paper, 50 × 70 -----------------------

export function gridArt(w: number, h: number, inset: number): string {
	let blue = "";
	let red = "";
	for (let i = 1; i < 6; i++)
		blue += p`M${-w / 2 + inset} ${-h + inset + ((h - 2 * inset) * i) / 6}H${w / 2 - inset}`;
	for (let i = 1; i < 4; i++)
		blue += p`M${-w / 2 + inset + ((w - 2 * inset) * i) / 4} ${-h + inset}V${-inset}`;
	red += p`M${-w / 2 + inset} ${-h + inset + (h - 2 * inset) * 0.62}H${w / 2 - inset}M${-w / 2 + inset + (w - 2 * inset) * 0.37} ${-h + inset}V${-inset}`;
	return (
		el("path", { d: blue, stroke: "#2F5AA8", "stroke-width": 0.22 }) +
		el("path", { d: red, stroke: "#D2452F", "stroke-width": 0.35 }) +
		el("rect", {
			x: -w / 2 + inset,
			y: -h + inset,
			width: w - 2 * inset,
			height: h - 2 * inset,
			fill: "none",
			stroke: "#2F5AA8",
			"stroke-width": 0.3,
		}) +
		el("rect", { x: -w / 2 + inset, y: -inset - 2.4, width: 9, height: 0.8, fill: "#2F5AA8" })
	);
}

function poster(): string {
	return (
		el("rect", { x: -24, y: -68.5, width: 50, height: 70, fill: "#000000", opacity: 0.1 }) +
		el("rect", { x: -25, y: -70, width: 50, height: 70, fill: "#F5F1E7" }) +
		gridArt(50, 70, 5) +
		el("circle", { cx: 0, cy: -68, r: 0.7, fill: "#B9B2A4" })
	);
}

const posterPiece: Piece = { palette: pal("#DCDDD8", "#B9B6AC", "#CACDC7"), w: 50, h: 70, draw: poster };

// --- Tidal Relief: cast plaster ridges catching raking light, 60 × 60 on birch ---------------------

export function relief(sc: Scene): string {
	const out = [
		el("rect", { x: -28, y: -57, width: 60, height: 60, fill: "#000000", opacity: 0.16 }),
		el("rect", { x: -30, y: -60, width: 60, height: 60, fill: "#D9C19A" }),
		el("rect", { x: -29, y: -59, width: 58, height: 58, fill: PLASTER }),
	];
	const clip = sc.clip(el("rect", { x: -29, y: -59, width: 58, height: 58 }));
	let light = "";
	let dark = "";
	for (let i = 0; i < 14; i++) {
		const y = -56 + i * 4;
		const a = 1.2 + (i % 3) * 0.5;
		const ridge = (dy: number) =>
			p`M-30 ${y + dy}C-15 ${y - a + dy} -5 ${y + a + dy} 8 ${y + dy}S25 ${y - a * 0.6 + dy} 30 ${y + dy}`;
		light += `${ridge(0)}`;
		dark += `${ridge(1.3)}`;
	}
	out.push(
		el(
			"g",
			{ "clip-path": clip },
			el("path", { d: dark, fill: "none", stroke: "#B8AE9D", "stroke-width": 1.6 }) +
				el("path", { d: light, fill: "none", stroke: "#FFFFFF", "stroke-width": 1.1 }),
		),
	);
	out.push(
		el("path", { d: p`M20 -4.5l3 -1.5l-1 2l3 -1.2`, fill: "none", stroke: "#8C8373", "stroke-width": 0.3 }),
	);
	return out.join("");
}

const reliefPiece: Piece = { palette: pal("#D7D2C8", "#AFA696", "#C9C1B2"), w: 60, h: 60, draw: relief };

export const objectArt: Record<string, PieceArt> = {
	"ripple-glass-vase": {
		palette: vasePiece.palette,
		views: [
			{
				kind: "cover",
				altEn: "Ripple Glass Vase: a smoky green mouth-blown vase with rippled walls",
				altRu: "Ваза Ripple: дымчато-зелёная ваза ручного выдува с волнистыми стенками",
				render: (sc) => cover(sc, vasePiece, { backdrop: "arch", fill: 0.5 }),
			},
			{
				kind: "detail",
				altEn: "Ripple Glass Vase: ripples and a tiny air bubble in the green glass",
				altRu: "Ваза Ripple: волны и крошечный пузырёк воздуха в зелёном стекле",
				render: (sc) => detail(sc, vasePiece, { x: -1, y: -10, span: 12 }),
			},
			{
				kind: "room",
				altEn: "Ripple Glass Vase with flowering branches on a wooden sideboard",
				altRu: "Ваза Ripple с цветущими ветками на деревянном комоде",
				render: (sc) =>
					wallRoom(sc, 200, "", 0, (at) => [
						at(sideboard(sc, 110, 70), 0),
						at(vase(sc) + branches(), 10, 70),
					]),
			},
		],
	},
	"orbit-table-lamp": {
		palette: lampPiece.palette,
		views: [
			{
				kind: "cover",
				altEn: "Orbit Table Lamp: a spun aluminium disc beside a raw steel stem, lit",
				altRu:
					"Настольная лампа Orbit: диск из алюминия рядом со стержнем из необработанной стали, свет включён",
				render: (sc) => cover(sc, lampPiece, { backdrop: "disc", fill: 0.6 }),
			},
			{
				kind: "detail",
				altEn: "Orbit Table Lamp: the pivot where the aluminium disc swivels round the steel stem",
				altRu:
					"Настольная лампа Orbit: шарнир, на котором алюминиевый диск поворачивается вокруг стального стержня",
				render: (sc) => detail(sc, lampPiece, { x: 3, y: -32, span: 22 }),
			},
			{
				kind: "room",
				altEn: "Orbit Table Lamp glowing on a sideboard in the evening",
				altRu: "Лампа Orbit светится на комоде вечером",
				render: (sc) =>
					wallRoom(sc, 200, "", 0, (at) => [
						at(sideboard(sc, 120, 70), 0),
						at(lamp(sc), -25, 70),
						at(vase(sc), 30, 70),
					]),
			},
		],
	},
	"dune-ceramic-set": {
		palette: ceramicPiece.palette,
		views: [
			{
				kind: "cover",
				altEn: "Dune Ceramic Set: two bowls in front of a serving plate, sand stoneware glazed inside",
				altRu: "Набор Dune: две миски перед сервировочным блюдом, песочная керамика с глазурью внутри",
				render: (sc) => cover(sc, ceramicPiece, { backdrop: "disc", fill: 0.45 }),
			},
			{
				kind: "detail",
				altEn: "Dune Ceramic Set from above: raw clay rims around glossy glazed hollows",
				altRu: "Набор Dune сверху: неглазурованные края вокруг глянцевой глазури",
				render: ceramicsFromAbove,
			},
			{
				kind: "room",
				altEn: "Dune Ceramic Set on an oak sideboard beside a window",
				altRu: "Набор Dune на дубовом комоде у окна",
				render: (sc) =>
					wallRoom(sc, 180, "", 0, (at) => [at(sideboard(sc, 110, 72, OAK), 0), at(ceramics(sc), 0, 72)]),
			},
		],
	},
	"quiet-grid-poster": {
		palette: posterPiece.palette,
		views: [
			{
				kind: "cover",
				altEn: "Quiet Grid Poster: thin blue and red grid lines on off-white paper",
				altRu: "Плакат Quiet Grid: тонкие синие и красные линии сетки на бумаге молочного оттенка",
				render: (sc) => cover(sc, posterPiece, { wallOnly: true, backdrop: "none", fill: 0.78 }),
			},
			{
				kind: "detail",
				altEn: "Quiet Grid Poster: where a red line crosses the blue grid, printed on uncoated paper",
				altRu: "Плакат Quiet Grid: красная линия пересекает синюю сетку на немелованной бумаге",
				render: (sc) => detail(sc, posterPiece, { x: -6, y: -25, span: 16 }, 1),
			},
			{
				kind: "room",
				altEn: "Quiet Grid Poster framed above a sideboard in a living room",
				altRu: "Плакат Quiet Grid в раме над комодом в гостиной",
				render: (sc) =>
					wallRoom(
						sc,
						240,
						frame(56, 76, `<g transform="translate(0 -3)">${gridArt(50, 70, 5)}</g>`),
						110,
						(at) => [at(sideboard(sc, 130, 70), 0), at(vase(sc), 40, 70)],
					),
			},
		],
	},
	"tidal-relief": {
		palette: reliefPiece.palette,
		views: [
			{
				kind: "cover",
				altEn: "Tidal Relief: a square of white cast plaster with horizontal ridges catching the light",
				altRu: "Рельеф Tidal: квадрат из белого литого гипса с горизонтальными гребнями, ловящими свет",
				render: (sc) => cover(sc, reliefPiece, { wallOnly: true, backdrop: "none", fill: 0.66 }),
			},
			{
				kind: "detail",
				altEn: "Tidal Relief: plaster ridges in raking light, like sand after the tide",
				altRu: "Рельеф Tidal: гипсовые гребни в боковом свете, как песок после отлива",
				render: (sc) => detail(sc, reliefPiece, { x: 8, y: -30, span: 20 }, 1),
			},
			{
				kind: "room",
				altEn: "Tidal Relief hung above a bench in a calm room",
				altRu: "Рельеф Tidal над скамьёй в спокойной комнате",
				render: (sc) => wallRoom(sc, 240, relief(sc), 95, (at) => [at(sideboard(sc, 140, 45, OAK), 0)]),
			},
		],
	},
};
