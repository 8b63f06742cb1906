/** Furniture pieces, drawn from their descriptions in seed-data.ts (sizes in cm, as described). */
import { dotGrid, type Scene } from "../artwork";
import {
	cover,
	detail,
	el,
	livingRoom,
	mix,
	OAK,
	OAK_DARK,
	oakFill,
	type Piece,
	type PieceArt,
	p,
	pal,
	shadow,
} from "./kit";

const BOUCLE = "#EDE4D3";

/** Bouclé: loops of wool read as two fine offset dot grids over a cream ground. */
function boucle(area: { x: number; y: number; w: number; h: number }, base: string): string {
	return (
		dotGrid(area, 1.4, 0.42, false, { fill: mix(base, "#FFFFFF", 0.45) }) +
		dotGrid({ x: area.x + 0.7, y: area.y + 0.7, w: area.w - 0.7, h: area.h - 0.7 }, 1.4, 0.36, false, {
			fill: mix(base, "#6B5A45", 0.14),
		})
	);
}

// --- Arc Lounge Chair: one oak arc for back and arms, a bouclé seat -------------------------------

export function arcChair(sc: Scene): string {
	const out = [shadow(sc, 78)];
	const leg = (x: number, tone: string) =>
		el("path", { d: p`M${x - 2} -34L${x - 1.2} 0H${x + 1.2}L${x + 2} -34Z`, fill: tone });
	out.push(leg(-22, OAK_DARK), leg(22, OAK_DARK));
	// The cushion leaning on the arc, then the seat, then the arc itself in front of their sides.
	out.push(el("path", { d: p`M-33 -40V-50A33 16 0 0 1 33 -50V-40Z`, fill: mix(BOUCLE, "#8A7A66", 0.14) }));
	out.push(el("rect", { x: -34, y: -42, width: 68, height: 10, rx: 5, fill: mix(BOUCLE, "#8A7A66", 0.08) }));
	out.push(el("ellipse", { cx: 0, cy: -42, rx: 34, ry: 7, fill: BOUCLE }));
	out.push(
		el(
			"g",
			{
				"clip-path": sc.clip(
					el("path", { d: p`M-34 -42A34 7 0 0 1 34 -42V-37A5 5 0 0 1 29 -32H-29A5 5 0 0 1 -34 -37Z` }),
				),
			},
			boucle({ x: -34, y: -49, w: 68, h: 17 }, BOUCLE),
		),
	);
	out.push(el("rect", { x: -33, y: -33, width: 66, height: 3, rx: 1.5, fill: oakFill(sc) }));
	out.push(leg(-31, OAK), leg(31, OAK));
	const arc = p`M-40 -34V-50A40 22 0 0 1 40 -50V-34A3 3 0 0 1 34 -34V-50A34 15 0 0 0 -34 -50V-34A3 3 0 0 1 -40 -34Z`;
	out.push(el("path", { d: arc, fill: oakFill(sc) }));
	out.push(
		el("path", {
			d: p`M-37 -36V-50A37 18.5 0 0 1 37 -50V-36`,
			fill: "none",
			stroke: OAK_DARK,
			"stroke-width": 0.3,
			opacity: 0.55,
		}),
	);
	return out.join("");
}

const arcPiece: Piece = { palette: pal("#E9DFD0", "#CDB89A", "#D9A77C"), w: 80, h: 72, draw: arcChair };

// --- Slab Oak Dining Table: a 4 cm top on two rounded trestles -------------------------------------

function slabTable(sc: Scene): string {
	const out = [shadow(sc, 200, 0.26)];
	for (const x of [-62, 62]) {
		out.push(el("rect", { x: x - 7, y: -72, width: 14, height: 72, rx: 7, fill: oakFill(sc, OAK_DARK) }));
		out.push(el("rect", { x: x - 14, y: -7, width: 28, height: 7, rx: 3.5, fill: oakFill(sc, OAK_DARK) }));
		out.push(el("rect", { x: x - 16, y: -72, width: 32, height: 6, rx: 3, fill: oakFill(sc, OAK_DARK) }));
	}
	out.push(el("rect", { x: -100, y: -76, width: 200, height: 5, rx: 2.4, fill: oakFill(sc) }));
	out.push(
		el("path", {
			d: p`M-97 -74.6C-60 -75.2 -20 -74 20 -74.8S80 -74.3 97 -74.7M-96 -72.8C-50 -72.2 0 -73.4 40 -72.6S85 -73 96 -72.7`,
			fill: "none",
			stroke: OAK_DARK,
			"stroke-width": 0.25,
		}),
	);
	return out.join("");
}

const slabPiece: Piece = { palette: pal("#E4E0D6", "#BDAE94", "#C9B79A"), w: 200, h: 76, draw: slabTable };

// --- Terra Modular Sofa: four rounded modules in terracotta velvet ---------------------------------

const TERRACOTTA = "#B8573B";

function velvet(sc: Scene, tone = TERRACOTTA): string {
	return sc.linear([
		[0, mix(tone, "#FFE3CF", 0.28)],
		[0.35, tone],
		[1, mix(tone, "#3A1A10", 0.3)],
	]);
}

function sofaModule(sc: Scene, x: number): string {
	return (
		el("rect", {
			x: x + 5,
			y: -76,
			width: 70,
			height: 42,
			rx: 16,
			fill: velvet(sc, mix(TERRACOTTA, "#3A1A10", 0.08)),
		}) +
		el("rect", { x: x + 1, y: -44, width: 78, height: 40, rx: 15, fill: velvet(sc) }) +
		el("rect", { x: x + 12, y: -42, width: 50, height: 3, rx: 1.5, fill: "#FFE8D6", opacity: 0.22 }) +
		el("rect", { x: x + 10, y: -5, width: 60, height: 5, fill: "#3A2A22" })
	);
}

function terraSofa(sc: Scene): string {
	const out = [shadow(sc, 320, 0.28)];
	for (let i = 0; i < 4; i++) out.push(sofaModule(sc, -160 + i * 80));
	return out.join("");
}

const terraPiece: Piece = { palette: pal("#EFE4D8", "#D7BFA6", "#E7B996"), w: 320, h: 76, draw: terraSofa };

/** The modules seen from above, set as a corner and an island. */
function terraPlan(sc: Scene): string {
	const u = sc.height / 500;
	const ox = sc.width / 2;
	const oy = sc.height / 2;
	const out = [
		el("rect", { x: 0, y: 0, width: sc.width, height: sc.height, fill: sc.palette.bg2 }),
		el("rect", {
			x: ox - 230 * u,
			y: oy - 170 * u,
			width: 460 * u,
			height: 340 * u,
			rx: 8 * u,
			fill: "#E9DCCB",
		}),
	];
	const module = (x: number, y: number, w: number, h: number, backSide: "top" | "left" | "right") => {
		const parts = [
			el("rect", { x: ox + x * u, y: oy + y * u, width: w * u, height: h * u, rx: 18 * u, fill: velvet(sc) }),
		];
		const back =
			backSide === "top"
				? { x: x + 4, y: y + 4, width: w - 8, height: 22 }
				: backSide === "left"
					? { x: x + 4, y: y + 4, width: 22, height: h - 8 }
					: { x: x + w - 26, y: y + 4, width: 22, height: h - 8 };
		parts.push(
			el("rect", {
				x: ox + back.x * u,
				y: oy + back.y * u,
				width: back.width * u,
				height: back.height * u,
				rx: 11 * u,
				fill: mix(TERRACOTTA, "#3A1A10", 0.2),
			}),
		);
		return parts.join("");
	};
	out.push(
		module(-200, -140, 80, 80, "top"),
		module(-118, -140, 80, 80, "top"),
		module(-200, -58, 80, 80, "left"),
	);
	out.push(module(60, -10, 80, 80, "right"));
	out.push(el("circle", { cx: ox - 30 * u, cy: oy + 60 * u, r: 34 * u, fill: "#B9D0A2" }));
	out.push(el("circle", { cx: ox - 30 * u, cy: oy + 60 * u, r: 9 * u, fill: "#E9DCCB" }));
	return out.join("");
}

// --- Pill Side Table: a capsule in glossy pistachio lacquer -----------------------------------------

const PISTACHIO = "#A9C98E";

export function pillTable(sc: Scene): string {
	const body = sc.linear(
		[
			[0, mix(PISTACHIO, "#2F4326", 0.25)],
			[0.22, mix(PISTACHIO, "#FFFFFF", 0.35)],
			[0.32, PISTACHIO],
			[0.85, mix(PISTACHIO, "#2F4326", 0.18)],
			[1, mix(PISTACHIO, "#2F4326", 0.32)],
		],
		0,
	);
	return (
		shadow(sc, 40, 0.3) +
		el("path", { d: p`M-20 -41V-2A20 5 0 0 0 20 -2V-41Z`, fill: body }) +
		el("rect", {
			x: -20,
			y: -46,
			width: 40,
			height: 10,
			rx: 14,
			ry: 5,
			fill: mix(PISTACHIO, "#FFFFFF", 0.22),
		}) +
		el("rect", { x: -11, y: -44.5, width: 14, height: 2, rx: 1, fill: "#FFFFFF", opacity: 0.55 }) +
		el("rect", { x: -12.8, y: -38, width: 2.2, height: 34, rx: 1.1, fill: "#FFFFFF", opacity: 0.45 })
	);
}

const pillPiece: Piece = { palette: pal("#F1E4DE", "#D9C0B3", "#F3C7B8"), w: 40, h: 46, draw: pillTable };

/** A plain linen sofa, so the side table has something to stand beside. */
function plainSofa(sc: Scene, w: number): string {
	const tone = "#CFC5B4";
	return (
		shadow(sc, w) +
		el("rect", {
			x: -w / 2 + 8,
			y: -80,
			width: w - 16,
			height: 40,
			rx: 12,
			fill: mix(tone, "#000000", 0.08),
		}) +
		el("rect", { x: -w / 2, y: -60, width: 18, height: 56, rx: 9, fill: tone }) +
		el("rect", { x: w / 2 - 18, y: -60, width: 18, height: 56, rx: 9, fill: tone }) +
		el("rect", {
			x: -w / 2 + 14,
			y: -44,
			width: w - 28,
			height: 40,
			rx: 8,
			fill: sc.linear([
				[0, mix(tone, "#FFFFFF", 0.2)],
				[1, tone],
			]),
		}) +
		el("rect", { x: -w / 2 + 4, y: -4, width: w - 8, height: 4, fill: "#4A3B30" })
	);
}

// --- Rooms -----------------------------------------------------------------------------------------

function pendant(length: number): string {
	return (
		el("rect", { x: -0.3, y: -length, width: 0.6, height: length, fill: "#3A3A3A" }) +
		el("path", { d: p`M-18 0A18 14 0 0 1 18 0Z`, fill: "#2F3A38" }) +
		el("ellipse", { cx: 0, cy: 0.5, rx: 6, ry: 2, fill: "#FFE9B0" })
	);
}

function bowlOnTable(): string {
	return (
		el("path", { d: p`M-14 -12H14A14 12 0 0 1 -14 -12Z`, fill: "#D9C4A0" }) +
		el("ellipse", { cx: 0, cy: -12, rx: 14, ry: 2.5, fill: "#8F7F69" }) +
		el("circle", { cx: -4, cy: -14, r: 4, fill: "#D9763E" }) +
		el("circle", { cx: 4, cy: -14.5, r: 4.2, fill: "#E2A84A" })
	);
}

function sideChair(sc: Scene, flip: number): string {
	return (
		el("path", {
			d: p`M${-18 * flip} 0L${-16 * flip} -46H${16 * flip}L${18 * flip} 0`,
			fill: "none",
			stroke: OAK_DARK,
			"stroke-width": 2.4,
		}) +
		el("rect", { x: -19, y: -48, width: 38, height: 5, rx: 2, fill: mix(sc.palette.bg2, "#000000", 0.25) }) +
		el("rect", { x: flip > 0 ? 14 : -18, y: -92, width: 4, height: 46, rx: 2, fill: OAK_DARK })
	);
}

export const furnitureArt: Record<string, PieceArt> = {
	"arc-lounge-chair": {
		palette: arcPiece.palette,
		views: [
			{
				kind: "cover",
				altEn:
					"Arc Lounge Chair: a low oak chair whose back and arms are one continuous arc, with a cream bouclé seat",
				altRu:
					"Кресло Arc Lounge Chair: низкое дубовое кресло, спинка и подлокотники которого — одна непрерывная дуга, с сиденьем из светлого букле",
				render: (sc) => cover(sc, arcPiece),
			},
			{
				kind: "detail",
				altEn: "Arc Lounge Chair: the oak arc and bouclé seat up close",
				altRu: "Кресло Arc Lounge Chair: дубовая дуга и сиденье из букле крупным планом",
				render: (sc) => detail(sc, arcPiece, { x: -28, y: -42, span: 30 }),
			},
			{
				kind: "room",
				altEn: "Arc Lounge Chair on a rug in a bright living room beside a window and a plant",
				altRu: "Кресло Arc Lounge Chair на ковре в светлой гостиной у окна и растения",
				render: (sc) => livingRoom(sc, arcPiece, 230, 10),
			},
		],
	},
	"slab-oak-dining-table": {
		palette: slabPiece.palette,
		views: [
			{
				kind: "cover",
				altEn: "Slab Oak Dining Table: a long solid oak top resting on two rounded trestles",
				altRu:
					"Обеденный стол Slab Oak: длинная столешница из массива дуба на двух скруглённых опорах-козлах",
				render: (sc) => cover(sc, slabPiece, { backdrop: "none" }),
			},
			{
				kind: "detail",
				altEn: "Slab Oak Dining Table: where the oiled oak top meets a rounded trestle",
				altRu:
					"Обеденный стол Slab Oak: место, где промасленная дубовая столешница ложится на скруглённую опору",
				render: (sc) => detail(sc, slabPiece, { x: 62, y: -60, span: 40 }),
			},
			{
				kind: "room",
				altEn: "Slab Oak Dining Table in a dining room under a pendant lamp, set with a bowl of fruit",
				altRu: "Обеденный стол Slab Oak в столовой под подвесным светильником, на столе — миска с фруктами",
				render: (sc) =>
					livingRoom(sc, slabPiece, 300, -10, (at) => [
						at(sideChair(sc, 1), -125),
						at(sideChair(sc, -1), 105),
						at(pendant(60), -10, 150),
						at(bowlOnTable(), -10, 76),
					]),
			},
		],
	},
	"terra-modular-sofa": {
		palette: terraPiece.palette,
		views: [
			{
				kind: "cover",
				altEn: "Terra Modular Sofa: four rounded modules in terracotta velvet set in a row",
				altRu: "Модульный диван Terra: четыре округлых модуля в терракотовом бархате, поставленные в ряд",
				render: (sc) => cover(sc, terraPiece, { backdrop: "disc", fill: 0.4 }),
			},
			{
				kind: "detail",
				altEn: "Terra Modular Sofa: the soft sheen of terracotta velvet where two modules meet",
				altRu: "Модульный диван Terra: мягкий блеск терракотового бархата на стыке двух модулей",
				render: (sc) => detail(sc, terraPiece, { x: 0, y: -45, span: 60 }),
			},
			{
				kind: "room",
				altEn: "Terra Modular Sofa along the wall of a sunny living room",
				altRu: "Модульный диван Terra вдоль стены солнечной гостиной",
				render: (sc) => livingRoom(sc, terraPiece, 380, 30),
			},
			{
				kind: "context",
				altEn: "Terra Modular Sofa from above: three modules set as a corner and one as an island",
				altRu: "Модульный диван Terra сверху: три модуля стоят углом, а один — отдельным островом",
				render: terraPlan,
			},
		],
	},
	"pill-side-table": {
		palette: pillPiece.palette,
		views: [
			{
				kind: "cover",
				altEn: "Pill Side Table: a capsule-shaped side table in glossy pistachio lacquer",
				altRu: "Приставной столик Pill: столик в форме капсулы под глянцевым фисташковым лаком",
				render: (sc) => cover(sc, pillPiece, { backdrop: "disc", fill: 0.5 }),
			},
			{
				kind: "detail",
				altEn: "Pill Side Table: light gleaming on the rounded pistachio lacquer",
				altRu: "Приставной столик Pill: блик света на скруглённом фисташковом лаке",
				render: (sc) => detail(sc, pillPiece, { x: -8, y: -38, span: 26 }),
			},
			{
				kind: "room",
				altEn: "Pill Side Table beside a linen sofa, with a cup and a book on top",
				altRu: "Приставной столик Pill у льняного дивана, на нём чашка и книга",
				render: (sc) =>
					livingRoom(sc, pillPiece, 200, 62, (at) => [
						at(plainSofa(sc, 170), -40),
						at(
							el("rect", { x: -10, y: -3, width: 16, height: 3, fill: "#5C6E7E" }) +
								el("rect", { x: 8, y: -8, width: 6, height: 8, rx: 1.5, fill: "#F4EEE4" }),
							62,
							46,
						),
					]),
			},
		],
	},
};
