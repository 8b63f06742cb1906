/** Branding projects and the workshop: the work shown as it is used (stationery, signs, a studio). */
import type { Scene } from "../artwork";
import { el, figure, mix, type PieceArt, p, place, plant, room, shadow, windowArch } from "./kit";

function pal(bg: string, bg2: string, accent: string, ink = "#1E2430"): PieceArt["palette"] {
	return { bg, bg2, ink, light: "#FBF7F1", accents: [accent, accent, accent, accent] };
}

/** Markup in units where the frame's height is `span`, origin in the frame's centre. */
function centred(sc: Scene, span: number, markup: string): string {
	return place(markup, sc.width / 2, sc.height / 2, sc.height / span);
}

function flat(sc: Scene, color: string): string {
	return el("rect", {
		x: 0,
		y: 0,
		width: sc.width,
		height: sc.height,
		fill: sc.linear([
			[0, mix(color, "#FFFFFF", 0.08)],
			[1, mix(color, "#000000", 0.06)],
		]),
	});
}

/** A card lying on the table, with its drop shadow; (x, y) is its top-left corner. */
function card(x: number, y: number, w: number, h: number, fill: string, inner = "", rotate = 0): string {
	return `<g transform="${p`rotate(${rotate} ${x + w / 2} ${y + h / 2})`}">${el("rect", { x: x + 0.6, y: y + 0.9, width: w, height: h, rx: 0.4, fill: "#000000", opacity: 0.16 })}${el("rect", { x, y, width: w, height: h, rx: 0.4, fill })}${inner}</g>`;
}

/** Lines of "text": bars of varying length. */
function textLines(
	x: number,
	y: number,
	w: number,
	lines: number,
	gap: number,
	color: string,
	weight = 0.5,
): string {
	let d = "";
	for (let i = 0; i < lines; i++)
		d += p`M${x} ${y + i * gap}h${w * (i === lines - 1 ? 0.55 : 0.8 + ((i * 37) % 20) / 100)}`;
	return el("path", { d, stroke: color, "stroke-width": weight, "stroke-linecap": "round" });
}

// --- Northline Identity: a ferry line's mark, stencil type, signage and tickets -------------------

const NAVY = "#1F2F4A";
const SIGNAL = "#E2553A";
const SEA = "#6F8FA6";

/** The mark: a stencil N (three bars with cuts) over a horizon inside a circle; centred, size s. */
export function northMark(s: number, ground: string, ink: string): string {
	const u = s / 10;
	return (
		el("circle", { cx: 0, cy: 0, r: 5 * u, fill: ink }) +
		el("rect", { x: -3 * u, y: -2.6 * u, width: 1.3 * u, height: 5.2 * u, fill: ground }) +
		el("rect", { x: 1.7 * u, y: -2.6 * u, width: 1.3 * u, height: 5.2 * u, fill: ground }) +
		el("path", {
			d: p`M${-1.5 * u} ${-2.6 * u}L${1.5 * u} ${2.6 * u}L${0.2 * u} ${2.6 * u}L${-2.8 * u} ${-2.6 * u}Z`,
			fill: ground,
			transform: p`translate(${0.65 * u} 0)`,
		}) +
		el("rect", { x: -5 * u, y: 0.2 * u, width: 10 * u, height: 0.35 * u, fill: ink }) +
		el("rect", { x: -4 * u, y: 3.3 * u, width: 8 * u, height: 0.5 * u, fill: SIGNAL })
	);
}

function ticket(x: number, y: number, w: number, h: number, rotate: number): string {
	const inner =
		el("rect", { x, y, width: w * 0.06, height: h, fill: SIGNAL }) +
		`<g transform="${p`translate(${x + w * 0.22} ${y + h * 0.45})`}">${northMark(h * 0.5, "#FFFFFF", NAVY)}</g>` +
		textLines(x + w * 0.4, y + h * 0.3, w * 0.3, 3, h * 0.16, NAVY, h * 0.05) +
		el("path", {
			d: Array.from(
				{ length: 14 },
				(_, i) => p`M${x + w * 0.78 + i * w * 0.013} ${y + h * 0.2}v${h * 0.6}`,
			).join(""),
			stroke: NAVY,
			"stroke-width": w * 0.005 + w * 0.002 * (1 % 2),
		}) +
		el("path", {
			d: p`M${x + w * 0.72} ${y}v${h}`,
			stroke: NAVY,
			"stroke-width": 0.15,
			"stroke-dasharray": "0.8 0.8",
		});
	return card(x, y, w, h, "#FBF8F2", inner, rotate);
}

function northlineFlatLay(sc: Scene): string {
	const book = card(
		-46,
		-34,
		34,
		46,
		NAVY,
		`<g transform="translate(-29 -16)">${northMark(14, NAVY, "#FBF8F2")}</g>${textLines(-40, 2, 22, 2, 3, "#FBF8F2", 0.8)}`,
		-4,
	);
	const letter = card(
		-6,
		-40,
		30,
		42,
		"#FBF8F2",
		`<g transform="translate(0 -33)">${northMark(5, "#FBF8F2", NAVY)}</g>${textLines(-2, -20, 22, 7, 2.4, mix(NAVY, "#FFFFFF", 0.45), 0.45)}`,
		3,
	);
	const biz = card(
		28,
		-20,
		20,
		12,
		NAVY,
		`<g transform="translate(34 -14)">${northMark(5, NAVY, "#FBF8F2")}</g>${textLines(39, -16, 7, 3, 2, "#FBF8F2", 0.4)}`,
		8,
	);
	return flat(sc, "#C9D3D8") + centred(sc, 100, book + letter + biz + ticket(-18, 14, 52, 18, -2));
}

function northlineTicket(sc: Scene): string {
	return flat(sc, "#C9D3D8") + centred(sc, 30, ticket(-26, -7, 58, 20, -4));
}

function northlineSign(sc: Scene): string {
	const { room: r } = room(sc, 500);
	const horizon = sc.height * 0.62;
	const sky = el("rect", {
		x: 0,
		y: 0,
		width: sc.width,
		height: horizon,
		fill: sc.linear([
			[0, "#CFDCE3"],
			[1, "#EEF0EA"],
		]),
	});
	const sea = el("rect", {
		x: 0,
		y: horizon,
		width: sc.width,
		height: sc.height - horizon,
		fill: sc.linear([
			[0, SEA],
			[1, mix(SEA, NAVY, 0.5)],
		]),
	});
	const pier = el("rect", {
		x: 0,
		y: sc.height * 0.8,
		width: sc.width,
		height: sc.height * 0.2,
		fill: "#8D8A84",
	});
	const ferry =
		el("path", { d: p`M-90 0L-80 14H80L95 0Z`, fill: "#FBF8F2" }) +
		el("rect", { x: -60, y: -16, width: 110, height: 16, fill: "#FBF8F2" }) +
		el("rect", { x: -40, y: -28, width: 60, height: 12, fill: "#FBF8F2" }) +
		el("path", { d: p`M-84 6H88`, stroke: NAVY, "stroke-width": 4 }) +
		el("path", {
			d: p`M-52 -8h100M-34 -22h50`,
			stroke: NAVY,
			"stroke-width": 2.5,
			"stroke-dasharray": "6 4",
		}) +
		el("rect", { x: 0, y: -44, width: 12, height: 16, fill: SIGNAL });
	const sign =
		el("rect", { x: -4, y: -150, width: 8, height: 150, fill: NAVY }) +
		el("rect", { x: -60, y: -330, width: 120, height: 180, rx: 4, fill: NAVY }) +
		`<g transform="translate(0 -280)">${northMark(64, NAVY, "#FBF8F2")}</g>` +
		textLines(-44, -222, 88, 2, 14, "#FBF8F2", 6) +
		el("path", {
			d: p`M-44 -178h60m-14 -12l14 12l-14 12`,
			fill: "none",
			stroke: SIGNAL,
			"stroke-width": 6,
			"stroke-linecap": "round",
			"stroke-linejoin": "round",
		});
	return (
		sky +
		sea +
		place(ferry, sc.width * 0.3, horizon + sc.height * 0.04, r.k * 1.2) +
		pier +
		r.at(shadow(sc, 60, 0.3) + sign, r.halfW * 0.3)
	);
}

// --- Crumb Bakery Identity: hand-drawn wordmark, two colours, bags, stickers, price tags ----------

const CRUST = "#7A4A2B";
const ROSE = "#F0B3A0";
const KRAFT = "#C99D6D";

/** The hand-drawn wordmark: one looping line, as if written with a brush pen; width w, centred. */
function crumbWordmark(w: number, color: string): string {
	const u = w / 40;
	return el("path", {
		d: p`M${-20 * u} ${2 * u}C${-24 * u} ${-6 * u} ${-12 * u} ${-9 * u} ${-12 * u} ${-2 * u}C${-12 * u} ${4 * u} ${-19 * u} ${5 * u} ${-15 * u} ${-1 * u}C${-10 * u} ${-6 * u} ${-8 * u} ${4 * u} ${-5 * u} ${1 * u}C${-2 * u} ${-3 * u} ${-2 * u} ${4 * u} ${1 * u} ${1 * u}C${3 * u} ${-2 * u} ${4 * u} ${4 * u} ${6 * u} ${1 * u}C${8 * u} ${-2 * u} ${8 * u} ${4 * u} ${11 * u} ${0}C${13 * u} ${-9 * u} ${14 * u} ${-5 * u} ${14 * u} ${2 * u}C${16 * u} ${-3 * u} ${20 * u} ${-2 * u} ${20 * u} ${3 * u}`,
		fill: "none",
		stroke: color,
		"stroke-width": 1.3 * u,
		"stroke-linecap": "round",
		"stroke-linejoin": "round",
	});
}

function sticker(r: number): string {
	return (
		el("circle", { cx: 0.3, cy: 0.5, r, fill: "#000000", opacity: 0.15 }) +
		el("circle", { cx: 0, cy: 0, r, fill: ROSE }) +
		crumbWordmark(r * 1.5, CRUST) +
		el("circle", { cx: 0, cy: 0, r: r * 0.86, fill: "none", stroke: CRUST, "stroke-width": r * 0.04 })
	);
}

function priceTag(x: number, y: number, rotate: number): string {
	const inner =
		el("circle", { cx: x + 2, cy: y + 5, r: 0.8, fill: "#F7EDE2" }) +
		`<g transform="${p`translate(${x + 9} ${y + 3.6})`}">${crumbWordmark(8, CRUST)}</g>` +
		el("rect", { x: x + 5, y: y + 6.2, width: 9, height: 1.8, rx: 0.4, fill: CRUST });
	return card(x, y, 16, 10, ROSE, inner, rotate);
}

function paperBag(): string {
	return (
		el("path", { d: p`M-16 -30H16L18 0H-18Z`, fill: KRAFT }) +
		el("path", { d: p`M-16 -30L-12 -34H12L16 -30`, fill: mix(KRAFT, "#000000", 0.15) }) +
		el("path", {
			d: p`M-16 -30l0 -3l2 -1l2 2l2 -2l2 2l2 -2l2 2l2 -2l2 2l2 -2l2 2l2 -2l2 2l2 -2l2 2l2 -2l0 4Z`,
			fill: KRAFT,
		}) +
		el("path", { d: p`M-6 -30V0M6 -30V0`, stroke: mix(KRAFT, "#000000", 0.12), "stroke-width": 0.3 }) +
		`<g transform="translate(0 -15)">${sticker(7)}</g>`
	);
}

function crumbFlatLay(sc: Scene): string {
	const bag = `<g transform="translate(-18 30) scale(1.6)">${shadow(sc, 36, 0.25)}${paperBag()}</g>`;
	return (
		flat(sc, "#F3E6DA") +
		centred(
			sc,
			100,
			bag +
				priceTag(14, -10, -6) +
				priceTag(22, 8, 5) +
				`<g transform="translate(30 -30)">${sticker(6)}</g>` +
				`<g transform="translate(44 -16)">${sticker(4)}</g>` +
				card(8, 24, 30, 8, CRUST, `<g transform="translate(23 28)">${crumbWordmark(18, ROSE)}</g>`, -3),
		)
	);
}

function crumbDetail(sc: Scene): string {
	return (
		flat(sc, "#F3E6DA") +
		centred(sc, 30, `<g transform="translate(-7 0)">${sticker(8)}</g>${priceTag(2, -4, 6)}`)
	);
}

function crumbShop(sc: Scene): string {
	const { room: r, ground } = room(sc, 500, "#EFE4D6", "#BDB2A2");
	let awning = "";
	for (let i = 0; i < 10; i++)
		awning += el("path", {
			d: p`M${-160 + i * 32} -300h32v40a16 10 0 0 1 -32 0Z`,
			fill: i % 2 ? "#F7EDE2" : CRUST,
		});
	const shop =
		el("rect", { x: -170, y: -340, width: 340, height: 340, fill: ROSE }) +
		el("rect", { x: -170, y: -350, width: 340, height: 14, fill: CRUST }) +
		awning +
		`<g transform="translate(0 -318)">${crumbWordmark(120, CRUST)}</g>` +
		el("rect", { x: -150, y: -240, width: 170, height: 150, fill: "#E8EEEC" }) +
		el("rect", { x: -150, y: -168, width: 170, height: 4, fill: CRUST }) +
		[-128, -96, -64, -32]
			.map((x) => el("ellipse", { cx: x + 8, cy: -176, rx: 13, ry: 7, fill: KRAFT }))
			.join("") +
		[-120, -80, -40]
			.map((x) =>
				el("path", {
					d: p`M${x - 14} -100C${x - 12} -118 ${x + 12} -118 ${x + 14} -100Z`,
					fill: mix(KRAFT, CRUST, 0.3),
				}),
			)
			.join("") +
		el("rect", { x: 50, y: -240, width: 100, height: 240, fill: CRUST }) +
		el("rect", { x: 60, y: -230, width: 80, height: 120, fill: "#E8EEEC" }) +
		`<g transform="translate(100 -170)">${sticker(18)}</g>` +
		el("circle", { cx: 132, cy: -110, r: 3, fill: "#F7EDE2" });
	return (
		ground +
		r.at(shop, 0) +
		r.at(plant(sc, 120), -r.halfW * 0.78) +
		r.at(`<g transform="scale(2.2)">${paperBag()}</g>`, 190)
	);
}

// --- Indigo Dye Workshop: vats, shibori cloth, a studio table ------------------------------------

const INDIGO = "#24386B";

/** A dyed cloth hanging from a line: indigo with the white rings that shibori binding leaves. */
export function shiboriCloth(sc: Scene, w: number, h: number, seed: number): string {
	let rings = "";
	for (let row = 0; row < 4; row++) {
		for (let col = 0; col < 3; col++) {
			const cx = -w / 2 + (w * (col + 0.5 + ((row + seed) % 2) * 0.25)) / 3.3;
			const cy = (h * (row + 0.6)) / 4.2;
			const r = w * 0.09;
			rings += p`M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
		}
	}
	return (
		el("rect", {
			x: -w / 2,
			y: 0,
			width: w,
			height: h,
			fill: sc.linear([
				[0, mix(INDIGO, "#FFFFFF", 0.12)],
				[1, INDIGO],
			]),
		}) +
		el("path", {
			d: rings,
			fill: "none",
			stroke: "#DCE3EE",
			"stroke-width": w * 0.025,
			"stroke-dasharray": `${w * 0.03} ${w * 0.015}`,
		}) +
		el("rect", { x: -w * 0.1, y: -1, width: 2, height: 4, fill: OAK_PEG }) +
		el("rect", { x: w * 0.2, y: -1, width: 2, height: 4, fill: OAK_PEG })
	);
}

const OAK_PEG = "#C79A66";

function vat(sc: Scene, r: number): string {
	return (
		shadow(sc, r * 2.1, 0.3) +
		el("path", {
			d: p`M${-r} ${-r * 1.2}L${-r * 0.88} 0H${r * 0.88}L${r} ${-r * 1.2}Z`,
			fill: sc.linear(
				[
					[0, "#8C6B4F"],
					[0.4, "#B08866"],
					[1, "#6E513B"],
				],
				0,
			),
		}) +
		el("path", {
			d: p`M${-r * 0.96} ${-r * 0.75}H${r * 0.96}M${-r * 0.92} ${-r * 0.3}H${r * 0.92}`,
			stroke: "#4A3A2E",
			"stroke-width": r * 0.05,
		}) +
		el("ellipse", { cx: 0, cy: -r * 1.2, rx: r, ry: r * 0.22, fill: "#5A4330" }) +
		el("ellipse", { cx: 0, cy: -r * 1.18, rx: r * 0.9, ry: r * 0.18, fill: "#1A2546" }) +
		el("ellipse", { cx: -r * 0.2, cy: -r * 1.2, rx: r * 0.3, ry: r * 0.06, fill: "#6C5A8C", opacity: 0.6 })
	);
}

function workshopCover(sc: Scene): string {
	const { room: r, ground } = room(sc, 240);
	const line = el("path", {
		d: p`M${-r.halfW} -172Q0 -164 ${r.halfW} -172`,
		fill: "none",
		stroke: "#5A4A3A",
		"stroke-width": 0.6,
	});
	return (
		ground +
		r.at(line, 0) +
		r.at(shiboriCloth(sc, 46, 100, 0), -34, 168) +
		r.at(shiboriCloth(sc, 40, 84, 1), 22, 167) +
		r.at(vat(sc, 30), -10) +
		r.at(vat(sc, 22), 62)
	);
}

function workshopDetail(sc: Scene): string {
	const bundle =
		el("path", { d: p`M-14 -6C-10 -10 10 -10 14 -6L12 8C8 12 -8 12 -12 8Z`, fill: INDIGO }) +
		[-8, -2, 4, 10]
			.map((x) => el("path", { d: p`M${x} -9V10`, stroke: "#E9E1CF", "stroke-width": 1.2 }))
			.join("");
	return (
		flat(sc, "#E9E1CF") +
		centred(
			sc,
			60,
			`<g transform="translate(-10 -40)">${shiboriCloth(sc, 120, 84, 1)}</g><g transform="translate(24 18)">${bundle}</g>`,
		)
	);
}

function workshopRoom(sc: Scene): string {
	const { room: r, ground } = room(sc, 320, "#E6E3DA", "#B5AB99");
	const table =
		el("rect", { x: -130, y: -78, width: 260, height: 5, fill: "#C79A66" }) +
		el("rect", { x: -120, y: -73, width: 4, height: 73, fill: "#8F6A45" }) +
		el("rect", { x: 116, y: -73, width: 4, height: 73, fill: "#8F6A45" });
	const onTable = [-70, -30, 30]
		.map(
			(x, i) =>
				`<g transform="${p`translate(${x} -78)`}">${el("path", { d: p`M-14 0C-10 -8 10 -8 14 0Z`, fill: i === 1 ? "#E9E1CF" : INDIGO })}</g>`,
		)
		.join("");
	const people = [-170, 60]
		.map((x, i) =>
			r.at(
				figure(sc, 165, i ? "#E8C2A0" : "#B57E58", i ? "#5B3A2A" : "#2A211D", "#3C3A38") +
					el("rect", { x: -14, y: -130, width: 28, height: 70, rx: 4, fill: i ? "#2F4275" : "#5C6E7E" }),
				x,
			),
		)
		.join("");
	return (
		ground +
		r.at(windowArch(sc, 70, 150), -r.halfW * 0.7, 80) +
		people +
		r.at(shadow(sc, 260, 0.25) + table + onTable, 0) +
		r.at(vat(sc, 26), 190) +
		r.at(shiboriCloth(sc, 36, 70, 0), 150, 230) +
		r.at(shiboriCloth(sc, 36, 64, 1), 196, 228)
	);
}

export const brandingArt: Record<string, PieceArt> = {
	"northline-identity": {
		palette: pal("#C9D3D8", "#9FAAB2", "#DDE3E6"),
		views: [
			{
				kind: "cover",
				altEn:
					"Northline Identity: guidelines book, letterhead, business card and ferry ticket with the stencil N mark in navy and signal red",
				altRu:
					"Айдентика Northline: брендбук, бланк, визитка и билет на паром с трафаретным знаком N в тёмно-синем и сигнальном красном",
				render: northlineFlatLay,
			},
			{
				kind: "detail",
				altEn: "Northline Identity: a ferry ticket with the round stencil mark up close",
				altRu: "Айдентика Northline: билет на паром с круглым трафаретным знаком крупным планом",
				render: northlineTicket,
			},
			{
				kind: "room",
				altEn: "Northline Identity in use: a navy wayfinding sign on the pier, a ferry on the sea behind",
				altRu: "Айдентика Northline в деле: тёмно-синий указатель на причале, за ним паром в море",
				render: northlineSign,
			},
		],
	},
	"crumb-bakery-identity": {
		palette: pal("#F3E6DA", "#D9C3AE", "#F0B3A0", "#3A2518"),
		views: [
			{
				kind: "cover",
				altEn:
					"Crumb Bakery Identity: a kraft paper bag with a pink sticker, price tags and the hand-drawn wordmark in brown",
				altRu:
					"Айдентика Crumb: крафтовый пакет с розовой наклейкой, ценники и нарисованный от руки логотип коричневым цветом",
				render: crumbFlatLay,
			},
			{
				kind: "detail",
				altEn: "Crumb Bakery Identity: the round sticker and a price tag up close",
				altRu: "Айдентика Crumb: круглая наклейка и ценник крупным планом",
				render: crumbDetail,
			},
			{
				kind: "room",
				altEn:
					"Crumb Bakery Identity on the shop front: striped awning, the wordmark sign and bread in the window",
				altRu: "Айдентика Crumb на фасаде пекарни: полосатый навес, вывеска с логотипом и хлеб в витрине",
				render: crumbShop,
			},
		],
	},
	"indigo-dye-workshop": {
		palette: pal("#E8E4DA", "#BDB19C", "#C9D2E3"),
		views: [
			{
				kind: "cover",
				altEn: "Indigo Dye Workshop: shibori-dyed cloths drying above two wooden indigo vats",
				altRu:
					"Мастер-класс по индиго: окрашенные в технике шибори ткани сохнут над двумя деревянными чанами с индиго",
				render: workshopCover,
			},
			{
				kind: "detail",
				altEn: "Indigo Dye Workshop: white shibori rings on indigo linen and a bound bundle of cloth",
				altRu: "Мастер-класс по индиго: белые круги шибори на льне цвета индиго и перевязанный свёрток ткани",
				render: workshopDetail,
			},
			{
				kind: "room",
				altEn: "Indigo Dye Workshop in the studio: people at a long table, a vat and cloths on the line",
				altRu: "Мастер-класс по индиго в студии: участники у длинного стола, чан и ткани на верёвке",
				render: workshopRoom,
			},
		],
	},
};
