/**
 * The seed's pictures of its own catalogue: every piece drawn as what it is (cover, detail, room and
 * sometimes a second angle) and every artist in their studio. Pure and deterministic like ../artwork.ts,
 * whose primitives and rules (cheap for librsvg, paper grain on top) they share.
 */
import { grain, type Palette, Scene } from "../artwork";
import { artistArt } from "./artists";
import { brandingArt } from "./branding";
import { clothingArt } from "./clothing";
import { furnitureArt } from "./furniture";
import { storageArt } from "./furniture-storage";
import type { PieceArt } from "./kit";
import { objectArt } from "./objects";

export interface ArtView {
	kind: "cover" | "detail" | "room" | "context";
	altEn: string;
	altRu: string;
}

const PIECES: Readonly<Record<string, PieceArt>> = {
	...furnitureArt,
	...storageArt,
	...clothingArt,
	...objectArt,
	...brandingArt,
};

function pieceArt(projectId: string): PieceArt {
	const art = PIECES[projectId];
	if (!art) throw new Error(`seed art: no pictures for project "${projectId}"`);
	return art;
}

/** [cover, then 2–3 gallery views]; throws for an unknown project id. */
export function projectArtViews(projectId: string): readonly ArtView[] {
	return pieceArt(projectId).views.map(({ kind, altEn, altRu }) => ({ kind, altEn, altRu }));
}

function svgDocument(
	key: string,
	palette: Palette,
	w: number,
	h: number,
	draw: (sc: Scene) => string,
): string {
	const width = Math.max(1, Math.round(w));
	const height = Math.max(1, Math.round(h));
	const sc = new Scene({ seed: key, theme: "design", width, height }, palette);
	const body = draw(sc);
	const texture = grain(sc, GRAIN_OPACITY);
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${sc.defsMarkup()}${body}${texture}</svg>`;
}

/** Lighter than the abstract art's grain: these pictures carry detail, and noise is what costs most to encode. */
const GRAIN_OPACITY = 0.07;

/** SVG markup of view `viewIndex` (0 = cover) of the piece, any width/height (seed uses 1200×900). */
export function renderProjectArt(
	projectId: string,
	viewIndex: number,
	width: number,
	height: number,
): string {
	const view = pieceArt(projectId).views[viewIndex];
	if (!view) throw new Error(`seed art: project "${projectId}" has no view ${viewIndex}`);
	return svgDocument(`${projectId}:${viewIndex}`, pieceArt(projectId).palette, width, height, view.render);
}

/** SVG portrait or studio image of the artist (seed uses 800×800). */
export function renderArtistArt(artistId: string, width: number, height: number): string {
	const art = artistArt[artistId];
	if (!art) throw new Error(`seed art: no picture for artist "${artistId}"`);
	return svgDocument(`artist:${artistId}`, art.palette, width, height, art.render);
}
