/** The bench, the stool and the storage pieces, drawn from their descriptions in seed-data.ts (cm). */
import type { Scene } from "../artwork";
import {
	ASH,
	BIRCH,
	cover,
	detail,
	el,
	frame,
	GRAPHITE,
	livingRoom,
	mix,
	oakFill,
	PINE,
	type Piece,
	type PieceArt,
	p,
	pal,
	STEEL,
	shadow,
} from "./kit";

// --- Loop Bench: one loop of steel tube under salvaged pine boards ----------------------------------

export function loopBench(sc: Scene): string {
	return (
		shadow(sc, 140) +
		el("rect", {
			x: -58,
			y: -43,
			width: 116,
			height: 41.5,
			rx: 13,
			fill: "none",
			stroke: STEEL,
			"stroke-width": 3,
		}) +
		el("rect", {
			x: -58,
			y: -43,
			width: 116,
			height: 41.5,
			rx: 13,
			fill: "none",
			stroke: "#8A8F94",
			"stroke-width": 0.6,
			transform: "translate(-0.6 -0.6)",
		}) +
		el("ellipse", { cx: -56.6, cy: -41, rx: 1.8, ry: 1.2, fill: "#6A6E72" }) +
		el("ellipse", { cx: 56.6, cy: -41, rx: 1.8, ry: 1.2, fill: "#6A6E72" }) +
		el("path", { d: p`M-72 -50L72 -50L70 -45L-70 -45Z`, fill: mix(PINE, "#FFFFFF", 0.18) }) +
		el("path", {
			d: p`M-71 -48.4H71M-70.5 -46.7H70.5`,
			stroke: mix(PINE, "#5A3A1E", 0.4),
			"stroke-width": 0.25,
		}) +
		el("rect", { x: -70, y: -45, width: 140, height: 3.4, fill: oakFill(sc, PINE) }) +
		el("path", {
			d: p`M-40 -44.2h6M-10 -43.4h9M25 -44h5M52 -43.3h7`,
			stroke: mix(PINE, "#5A3A1E", 0.45),
			"stroke-width": 0.35,
			"stroke-linecap": "round",
		}) +
		el("circle", { cx: -20, cy: -43.6, r: 0.6, fill: "#6B4A2A" }) +
		el("circle", { cx: 44, cy: -43.4, r: 0.5, fill: "#6B4A2A" })
	);
}

const loopPiece: Piece = { palette: pal("#E3E2DC", "#B8B2A6", "#CBD0C8"), w: 144, h: 50, draw: loopBench };

// --- Fold Steel Shelf: five shelves folded from graphite sheet --------------------------------------

export function foldShelf(sc: Scene): string {
	const out = [shadow(sc, 80)];
	out.push(el("rect", { x: -38, y: -180, width: 76, height: 180, fill: mix(GRAPHITE, sc.palette.bg, 0.55) }));
	const levels = [-2, -45, -89, -133, -177];
	const books = ["#C9573C", "#E5D3B0", "#5C6E7E", "#D9A441", "#8E9C7A", "#EFE8DC"];
	levels.slice(0, 4).forEach((y, row) => {
		let x = -34 + row * 5;
		const n = 4 + (row % 3);
		for (let i = 0; i < n; i++) {
			const w = 2.5 + ((row * 7 + i * 3) % 4);
			const h = 22 + ((row * 5 + i * 11) % 10);
			out.push(
				el("rect", { x, y: y - 3 - h, width: w, height: h, fill: books[(row * 2 + i) % books.length] }),
			);
			x += w + 0.4;
		}
		if (row === 0) out.push(el("rect", { x: 8, y: y - 21, width: 24, height: 18, rx: 1, fill: BIRCH }));
		if (row === 1)
			out.push(
				el("path", {
					d: p`M16 ${y - 3}C10 ${y - 8} 12 ${y - 18} 20 ${y - 22}C28 ${y - 18} 30 ${y - 8} 24 ${y - 3}Z`,
					fill: "#5F7D62",
				}),
			);
		if (row === 2) out.push(el("circle", { cx: 20, cy: y - 12, r: 9, fill: "#D8C9B0" }));
		if (row === 3) out.push(el("rect", { x: 12, y: y - 14, width: 20, height: 11, fill: "#B6553D" }));
	});
	for (const y of levels)
		out.push(el("rect", { x: -40, y: y - 3, width: 80, height: 3, rx: 0.6, fill: GRAPHITE }));
	for (const x of [-40, 37])
		out.push(el("rect", { x, y: -180, width: 3, height: 180, fill: mix(GRAPHITE, "#FFFFFF", 0.08) }));
	out.push(el("path", { d: p`M-40 -180V0M40 -180V0`, stroke: "#7E848A", "stroke-width": 0.35 }));
	return out.join("");
}

const foldPiece: Piece = { palette: pal("#E8E4DA", "#C4BBAA", "#D5CFC0"), w: 80, h: 180, draw: foldShelf };

// --- Nido Stool: palm fibre woven over a round ash frame --------------------------------------------

const PALM = "#D3B070";

export function nidoStool(sc: Scene): string {
	const out = [shadow(sc, 40)];
	const leg = (x1: number, x2: number, tone: string) =>
		el("path", { d: p`M${x1 - 1.6} -40L${x2 - 1.2} 0H${x2 + 1.2}L${x1 + 1.6} -40Z`, fill: tone });
	out.push(leg(-6, -4, mix(ASH, "#000000", 0.2)), leg(6, 5, mix(ASH, "#000000", 0.2)));
	out.push(
		el("ellipse", {
			cx: 0,
			cy: -14,
			rx: 17,
			ry: 4.5,
			fill: "none",
			stroke: mix(ASH, "#000000", 0.1),
			"stroke-width": 1.6,
		}),
	);
	out.push(leg(-16, -18, ASH), leg(16, 18, ASH), leg(0, 0, mix(ASH, "#FFFFFF", 0.1)));
	out.push(el("ellipse", { cx: 0, cy: -40, rx: 19.5, ry: 6.2, fill: mix(ASH, "#000000", 0.1) }));
	out.push(el("ellipse", { cx: 0, cy: -41.5, rx: 18, ry: 5.4, fill: PALM }));
	let rings = "";
	for (let r = 2; r < 17; r += 1.6)
		rings += p`M${-r} -41.5A${r} ${r * 0.3} 0 1 0 ${r} -41.5A${r} ${r * 0.3} 0 1 0 ${-r} -41.5`;
	out.push(el("path", { d: rings, fill: "none", stroke: mix(PALM, "#6B4A1E", 0.35), "stroke-width": 0.35 }));
	out.push(
		el("ellipse", { cx: 0, cy: -41.5, rx: 18, ry: 5.4, fill: "none", stroke: ASH, "stroke-width": 1.4 }),
	);
	out.push(
		el("path", {
			d: p`M-19.5 -40A19.5 6.2 0 0 0 19.5 -40V-38A19.5 6.2 0 0 1 -19.5 -38Z`,
			fill: mix(ASH, "#000000", 0.2),
		}),
	);
	return out.join("");
}

const nidoPiece: Piece = { palette: pal("#EEE6D6", "#CDBB98", "#E8CFA0"), w: 40, h: 48, draw: nidoStool };

/** The seat from above: palm fibre coiled and bound in rings inside the ash hoop. */
function nidoWeave(sc: Scene): string {
	const cx = sc.width / 2;
	const cy = sc.height / 2;
	const R = sc.height * 0.62;
	const out = [el("rect", { x: 0, y: 0, width: sc.width, height: sc.height, fill: sc.palette.bg2 })];
	out.push(el("circle", { cx, cy, r: R * 1.08, fill: ASH }));
	out.push(el("circle", { cx, cy, r: R, fill: PALM }));
	let coils = "";
	const step = R / 18;
	for (let r = step; r < R; r += step)
		coils += p`M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
	out.push(
		el("path", { d: coils, fill: "none", stroke: mix(PALM, "#6B4A1E", 0.4), "stroke-width": step * 0.18 }),
	);
	let binds = "";
	for (let ring = 1; ring < 18; ring++) {
		const r = ring * step + step / 2;
		const count = Math.max(6, Math.round(ring * 5));
		for (let i = 0; i < count; i++) {
			const a = ((i + (ring % 2) * 0.5) / count) * Math.PI * 2;
			const x = cx + Math.cos(a) * r;
			const y = cy + Math.sin(a) * r;
			binds += p`M${x - Math.cos(a) * step * 0.45} ${y - Math.sin(a) * step * 0.45}L${x + Math.cos(a) * step * 0.45} ${y + Math.sin(a) * step * 0.45}`;
		}
	}
	out.push(
		el("path", {
			d: binds,
			stroke: mix(PALM, "#FFF4DC", 0.45),
			"stroke-width": step * 0.32,
			"stroke-linecap": "round",
		}),
	);
	return out.join("");
}

// --- Block Cabinet: birch plywood boxes on a powder-coated steel base -------------------------------

function plyEdge(x: number, y: number, w: number, h: number, vertical: boolean): string {
	let d = "";
	const n = 7;
	for (let i = 1; i < n; i += 2) {
		d += vertical ? p`M${x + (w * i) / n} ${y}V${y + h}` : p`M${x} ${y + (h * i) / n}H${x + w}`;
	}
	return (
		el("rect", { x, y, width: w, height: h, fill: "#EAD9B9" }) +
		el("path", { d, stroke: "#A8845A", "stroke-width": Math.min(w, h) / n })
	);
}

export function blockCabinet(sc: Scene): string {
	const out = [shadow(sc, 160)];
	for (const x of [-76, 73]) out.push(el("rect", { x, y: -16, width: 2.4, height: 16, fill: GRAPHITE }));
	out.push(el("rect", { x: -80, y: -17, width: 160, height: 2.5, fill: GRAPHITE }));
	for (let i = 0; i < 4; i++) {
		const x = -80 + i * 40;
		out.push(
			el("rect", {
				x: x + 0.3,
				y: -72,
				width: 39.4,
				height: 55,
				fill: sc.linear(
					[
						[0, mix(BIRCH, "#FFFFFF", 0.15)],
						[1, BIRCH],
					],
					0,
				),
			}),
		);
		out.push(
			plyEdge(x + 0.3, -72, 1.8, 55, true),
			plyEdge(x + 37.9, -72, 1.8, 55, true),
			plyEdge(x + 0.3, -72, 39.4, 1.8, false),
		);
		if (i === 2) out.push(el("rect", { x: x + 2.5, y: -56, width: 35, height: 0.5, fill: "#A8845A" }));
		out.push(
			el("rect", {
				x: x + 2.1,
				y: -70.2,
				width: 35.8,
				height: 51.4,
				fill: "none",
				stroke: "#B99A70",
				"stroke-width": 0.3,
			}),
		);
	}
	return out.join("");
}

const blockPiece: Piece = {
	palette: pal("#DCE2DF", "#B9B3A5", "#C2D0CA"),
	w: 160,
	h: 72,
	draw: blockCabinet,
};

export const storageArt: Record<string, PieceArt> = {
	"loop-bench": {
		palette: loopPiece.palette,
		views: [
			{
				kind: "cover",
				altEn: "Loop Bench: one loop of bent steel tube under a seat of salvaged pine boards",
				altRu: "Скамья Loop: одна петля из гнутой стальной трубы под сиденьем из старых сосновых досок",
				render: (sc) => cover(sc, loopPiece, { backdrop: "none" }),
			},
			{
				kind: "detail",
				altEn: "Loop Bench: the ground weld where the steel tube meets the pine seat",
				altRu: "Скамья Loop: зачищенный сварной шов там, где стальная труба встречается с сосновым сиденьем",
				render: (sc) => detail(sc, loopPiece, { x: -52, y: -40, span: 26 }),
			},
			{
				kind: "room",
				altEn: "Loop Bench in an entrance hall under a framed print",
				altRu: "Скамья Loop в прихожей под картиной в раме",
				render: (sc) =>
					livingRoom(sc, loopPiece, 240, -10, (at) => [
						at(
							frame(
								50,
								64,
								el("path", {
									d: p`M-18 -14H18M-18 -30H18M-18 -46H18`,
									stroke: "#C05A3C",
									"stroke-width": 1.2,
								}),
							),
							-10,
							92,
						),
					]),
			},
		],
	},
	"fold-steel-shelf": {
		palette: foldPiece.palette,
		views: [
			{
				kind: "cover",
				altEn: "Fold Steel Shelf: a tall graphite steel shelving unit with five shelves of books and objects",
				altRu: "Стеллаж Fold: высокий стеллаж из графитовой стали с пятью полками для книг и вещей",
				render: (sc) => cover(sc, foldPiece, { backdrop: "none", fill: 0.66 }),
			},
			{
				kind: "detail",
				altEn: "Fold Steel Shelf: the folded edge of a shelf, with no screws in sight",
				altRu: "Стеллаж Fold: загнутая кромка полки, и ни одного винта на виду",
				render: (sc) => detail(sc, foldPiece, { x: 30, y: -92, span: 30 }),
			},
			{
				kind: "room",
				altEn: "Fold Steel Shelf against the wall of a study, beside a window",
				altRu: "Стеллаж Fold у стены кабинета рядом с окном",
				render: (sc) => livingRoom(sc, foldPiece, 250, 10),
			},
		],
	},
	"nido-stool": {
		palette: nidoPiece.palette,
		views: [
			{
				kind: "cover",
				altEn: "Nido Stool: a low round ash stool with a seat hand-woven from palm fibre",
				altRu:
					"Табурет Nido: низкий круглый табурет из ясеня с сиденьем, сплетённым вручную из пальмового волокна",
				render: (sc) => cover(sc, nidoPiece, { backdrop: "disc", fill: 0.52 }),
			},
			{
				kind: "detail",
				altEn: "Nido Stool from above: coils of palm fibre bound inside the ash hoop",
				altRu: "Табурет Nido сверху: витки пальмового волокна, оплетённые внутри ясеневого обода",
				render: nidoWeave,
			},
			{
				kind: "room",
				altEn: "Nido Stool by a window in a calm room with a plant",
				altRu: "Табурет Nido у окна в спокойной комнате с растением",
				render: (sc) => livingRoom(sc, nidoPiece, 170, 5),
			},
		],
	},
	"block-cabinet": {
		palette: blockPiece.palette,
		views: [
			{
				kind: "cover",
				altEn: "Block Cabinet: a sideboard of four birch plywood boxes on a slim steel base",
				altRu: "Буфет Block: четыре короба из берёзовой фанеры на тонком стальном основании",
				render: (sc) => cover(sc, blockPiece, { backdrop: "arch", fill: 0.46 }),
			},
			{
				kind: "detail",
				altEn: "Block Cabinet: the oiled, exposed layers of the birch plywood edge",
				altRu: "Буфет Block: открытые промасленные слои на торце берёзовой фанеры",
				render: (sc) => detail(sc, blockPiece, { x: -38, y: -66, span: 14 }),
			},
			{
				kind: "room",
				altEn: "Block Cabinet in a living room with a vase and a framed print above it",
				altRu: "Буфет Block в гостиной, над ним ваза и картина в раме",
				render: (sc) =>
					livingRoom(sc, blockPiece, 250, -10, (at) => [
						at(frame(60, 76, el("circle", { cx: 0, cy: -38, r: 16, fill: "#C8694A" })), -10, 100),
						at(
							el("path", { d: p`M-6 0C-10 -10 -7 -20 -3 -26H3C7 -20 10 -10 6 0Z`, fill: "#4F6B5C" }),
							40,
							72,
						),
					]),
			},
		],
	},
};
