/** Furniture pieces, drawn from their descriptions in seed-data.ts (sizes in cm, as described). */
import { dotGrid, type Scene } from "../artwork";
import {
	ASH,
	BIRCH,
	cover,
	detail,
	el,
	frame,
	GRAPHITE,
	mix,
	OAK,
	OAK_DARK,
	PINE,
	type Piece,
	type PieceArt,
	p,
	plant,
	room,
	rug,
	STEEL,
	shadow,
	windowArch,
} from "./kit";

const BOUCLE = "#EDE4D3";

function oakFill(sc: Scene, wood = OAK): string {
	return sc.linear(
		[
			[0, mix(wood, "#FFFFFF", 0.14)],
			[0.6, wood],
			[1, mix(wood, "#000000", 0.16)],
		],
		0,
	);
}

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

function pal(bg: string, bg2: string, accent: string, ink = "#2B2520"): Piece["palette"] {
	return { bg, bg2, ink, light: "#FBF7F1", accents: [accent, accent, accent, accent] };
}

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

// --- Rooms -----------------------------------------------------------------------------------------

function livingRoom(
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
