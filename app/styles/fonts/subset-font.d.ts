/** subset-font ships no types: the one function we call (harfbuzz's subsetter, with woff2 output). */
declare module "subset-font" {
	interface SubsetFontOptions {
		targetFormat?: "sfnt" | "woff" | "woff2" | "truetype";
		variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
		preserveNameIds?: number[];
	}
	export default function subsetFont(
		font: Buffer,
		text: string,
		options?: SubsetFontOptions,
	): Promise<Buffer>;
}
