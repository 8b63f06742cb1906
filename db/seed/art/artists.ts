/** The seven artists: a stylised figure (no real faces) in a studio that shows their craft. */
import type { Palette, Scene } from "../artwork";
import { northMark } from "./branding";
import { scarf } from "./clothing";
import { arcChair, pillTable } from "./furniture";
import { blockCabinet, foldShelf, loopBench, nidoStool } from "./furniture-storage";
import { el, frame, mix, OAK, OAK_DARK, PINE, p, room, sideboard, windowArch } from "./kit";
import { gridArt, relief, vase } from "./objects";

interface Sitter {
	skin: string;
	hair: string;
	clothes: string;
	style: "crop" | "bun" | "long";
	glasses?: boolean;
}

/** Head and shoulders in the foreground, lit from the left: flat shapes and one shade side. */
function bust(sc: Scene, cx: number, s: Sitter): string {
	const u = sc.height / 100;
	const headY = sc.height - 50 * u;
	const rx = 10 * u;
	const ry = 12.5 * u;
	const top = headY + ry * 1.35;
	const out: string[] = [];
	if (s.style === "long")
		out.push(
			el("rect", {
				x: cx - rx * 1.25,
				y: headY - ry * 1.05,
				width: rx * 2.5,
				height: ry * 2.6,
				rx: rx,
				fill: s.hair,
			}),
		);
	if (s.style === "bun")
		out.push(el("circle", { cx: cx + rx * 0.2, cy: headY - ry * 1.05, r: rx * 0.5, fill: s.hair }));
	out.push(
		el("rect", {
			x: cx - rx * 0.32,
			y: headY,
			width: rx * 0.64,
			height: top - headY + 2 * u,
			fill: mix(s.skin, "#000000", 0.15),
		}),
	);
	const w = 26 * u;
	out.push(
		el("path", {
			d: p`M${cx - w} ${sc.height + 2}V${top + w * 0.45}C${cx - w} ${top + w * 0.1} ${cx - w * 0.6} ${top} ${cx - w * 0.25} ${top}H${cx + w * 0.25}C${cx + w * 0.6} ${top} ${cx + w} ${top + w * 0.1} ${cx + w} ${top + w * 0.45}V${sc.height + 2}Z`,
			fill: s.clothes,
		}),
	);
	out.push(
		el("path", {
			d: p`M${cx} ${top}H${cx + w * 0.25}C${cx + w * 0.6} ${top} ${cx + w} ${top + w * 0.1} ${cx + w} ${top + w * 0.45}V${sc.height + 2}H${cx}Z`,
			fill: "#000000",
			opacity: 0.12,
		}),
	);
	out.push(
		el("path", {
			d: p`M${cx - rx * 0.55} ${top}L${cx} ${top + 6 * u}L${cx + rx * 0.55} ${top}Z`,
			fill: mix(s.skin, "#000000", 0.1),
		}),
	);
	out.push(el("ellipse", { cx, cy: headY, rx, ry, fill: s.skin }));
	out.push(
		el("path", {
			d: p`M${cx} ${headY - ry}A${rx} ${ry} 0 0 1 ${cx} ${headY + ry}Z`,
			fill: mix(s.skin, "#000000", 0.12),
		}),
	);
	const crown = s.style === "crop" ? 0.45 : 0.05;
	out.push(
		el("path", {
			d: p`M${cx - rx * 1.05} ${headY - ry * crown}A${rx * 1.05} ${ry * 1.06} 0 0 1 ${cx + rx * 1.05} ${headY - ry * crown}Q${cx + rx * 0.6} ${headY - ry * 0.75} ${cx - rx * 0.2} ${headY - ry * 0.78}Q${cx - rx * 0.8} ${headY - ry * 0.6} ${cx - rx * 1.05} ${headY - ry * crown}Z`,
			fill: s.hair,
		}),
	);
	if (s.glasses) {
		const g = rx * 0.28;
		const y = headY + ry * 0.08;
		out.push(
			el("path", {
				d: p`M${cx - g * 2.1} ${y}a${g} ${g} 0 1 0 ${g * 2} 0a${g} ${g} 0 1 0 ${-g * 2} 0M${cx + g * 0.1} ${y}a${g} ${g} 0 1 0 ${g * 2} 0a${g} ${g} 0 1 0 ${-g * 2} 0`,
				fill: "none",
				stroke: "#222222",
				"stroke-width": rx * 0.05,
			}),
		);
	}
	return out.join("");
}

function pal(bg: string, bg2: string, accent: string): Palette {
	return { bg, bg2, ink: "#2B2520", light: "#FBF7F1", accents: [accent, accent, accent, accent] };
}

interface ArtistArt {
	palette: Palette;
	render: (sc: Scene) => string;
}

/** A studio: the artist's work behind, the artist in front (left or right of centre). */
function studio(
	sc: Scene,
	span: number,
	sitter: Sitter,
	side: number,
	work: (at: (m: string, x: number, y?: number) => string) => string[],
): string {
	const { room: r, ground } = room(sc, span);
	return ground + work(r.at).join("") + bust(sc, sc.width / 2 + side * sc.width * 0.2, sitter);
}

export const artistArt: Record<string, ArtistArt> = {
	"corpus-studio": {
		palette: pal("#EADFCE", "#C9B08E", "#D9A77C"),
		render: (sc) =>
			studio(sc, 200, { skin: "#E8C2A0", hair: "#5B3A2A", clothes: "#6F7A5A", style: "crop" }, -1, (at) => [
				at(
					[0, 14, 28]
						.map((x) =>
							el("rect", {
								x: x - 5,
								y: -150,
								width: 10,
								height: 150,
								rx: 2,
								fill: x === 14 ? OAK_DARK : OAK,
								transform: p`rotate(${6} ${x} 0)`,
							}),
						)
						.join(""),
					60,
				),
				at(arcChair(sc), 30),
			]),
	},
	"studio-tkan": {
		palette: pal("#E6E1D6", "#C4B8A3", "#E3C25E"),
		render: (sc) =>
			studio(sc, 200, { skin: "#F3D7C2", hair: "#A5683F", clothes: "#B24A33", style: "bun" }, 1, (at) => {
				let warp = "";
				for (let x = -36; x <= 36; x += 2.4) warp += p`M${x} -150V-40`;
				const loom =
					el("rect", { x: -44, y: -160, width: 6, height: 160, fill: OAK }) +
					el("rect", { x: 38, y: -160, width: 6, height: 160, fill: OAK }) +
					el("rect", { x: -44, y: -160, width: 88, height: 8, fill: OAK_DARK }) +
					el("path", { d: warp, stroke: "#EDE3CF", "stroke-width": 0.7 }) +
					[0, 1, 2, 3, 4]
						.map((i) =>
							el("rect", {
								x: -37,
								y: -70 + i * 6,
								width: 74,
								height: 5,
								fill: i % 2 ? "#E3C25E" : "#EDE3CF",
							}),
						)
						.join("") +
					el("rect", { x: -44, y: -42, width: 88, height: 6, fill: OAK_DARK });
				return [at(loom, -40), at(scarf(sc), 55, 40)];
			}),
	},
	"chuch-estudio": {
		palette: pal("#EFE6D6", "#D3BF98", "#D3B070"),
		render: (sc) =>
			studio(sc, 180, { skin: "#B57E58", hair: "#2A211D", clothes: "#E9DCC8", style: "long" }, -1, (at) => {
				let coils = "";
				for (let r = 3; r < 30; r += 3)
					coils += p`M${-r} -100a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
				const disc =
					el("circle", { cx: 0, cy: -100, r: 31, fill: "#D3B070" }) +
					el("path", { d: coils, fill: "none", stroke: "#9A7A44", "stroke-width": 0.9 });
				return [
					at(disc, 40, 30),
					at(sideboard(sc, 70, 60), 40),
					at(vase(sc), 30, 60),
					at(nidoStool(sc), -10),
				];
			}),
	},
	masquespacio: {
		palette: pal("#F2DCD3", "#D9A48F", "#E7B996"),
		render: (sc) =>
			studio(
				sc,
				200,
				{ skin: "#D6A27C", hair: "#2A211D", clothes: "#2F6B5A", style: "crop", glasses: true },
				-1,
				(at) => [
					at(
						el("path", { d: p`M-60 0V-90A30 30 0 0 1 0 -90V0Z`, fill: "#B8573B" }) +
							el("path", { d: p`M-10 0V-120A35 35 0 0 1 60 -120V0Z`, fill: "#E7A9A0" }) +
							el("circle", { cx: 80, cy: -130, r: 22, fill: "#E3C25E" }),
						30,
					),
					at(pillTable(sc), 55),
				],
			),
	},
	carmworks: {
		palette: pal("#DEDBD4", "#A9A397", "#C9C1B2"),
		render: (sc) =>
			studio(sc, 220, { skin: "#8C5B3F", hair: "#C9C2B8", clothes: "#3B3E42", style: "crop" }, 1, (at) => [
				at(relief(sc), -50, 90),
				at(loopBench(sc), -40),
			]),
	},
	"bureau-nord": {
		palette: pal("#DCDDD8", "#B6B3A9", "#CACDC7"),
		render: (sc) =>
			studio(sc, 200, { skin: "#F3D7C2", hair: "#D8B774", clothes: "#1F2F4A", style: "long" }, 1, (at) => [
				at(frame(56, 76, `<g transform="translate(0 -3)">${gridArt(50, 70, 5)}</g>`), -60, 70),
				at(
					frame(40, 56, `<g transform="translate(0 -28)">${northMark(26, "#F6F2EA", "#1F2F4A")}</g>`),
					0,
					82,
				),
				at(
					el("rect", { x: -80, y: -74, width: 160, height: 4, fill: PINE }) +
						el("rect", { x: -76, y: -70, width: 3, height: 70, fill: "#3B3E42" }) +
						el("rect", { x: 73, y: -70, width: 3, height: 70, fill: "#3B3E42" }),
					-20,
				),
			]),
	},
	owl: {
		palette: pal("#DCE2DF", "#B9B3A5", "#C2D0CA"),
		render: (sc) =>
			studio(
				sc,
				230,
				{ skin: "#E8C2A0", hair: "#2A211D", clothes: "#D9A441", style: "bun", glasses: true },
				-1,
				(at) => [at(foldShelf(sc), 60), at(blockCabinet(sc), -20), at(windowArch(sc, 40, 90), -90, 110)],
			),
	},
};
