import { cx } from "~/lib/site";

/**
 * For the wrapper of a table that turns into cards below md: each row a card, its cells stacked as
 * "label: value" pairs (each cell's data-label), its actions in view, nothing scrolling sideways. Header
 * cells marked data-plain are hidden there; the others (sort links) stay as a row of links. CSS only, so
 * the table is one markup for every width.
 */
export const CARD_TABLE = cx(
	"max-md:[&_table]:block max-md:[&_tbody]:block max-md:[&_thead]:block",
	"max-md:[&_thead_tr]:flex max-md:[&_thead_tr]:flex-wrap max-md:[&_thead_tr]:gap-x-4 max-md:[&_thead_tr]:gap-y-1",
	"max-md:[&_thead_th]:py-2 max-md:[&_thead_th[data-plain]]:hidden",
	"max-md:[&_tbody_tr]:mt-4 max-md:[&_tbody_tr]:block max-md:[&_tbody_tr]:rounded-xl max-md:[&_tbody_tr]:border max-md:[&_tbody_tr]:border-line max-md:[&_tbody_tr]:p-4",
	"max-md:[&_tbody_td]:flex max-md:[&_tbody_td]:gap-3 max-md:[&_tbody_td]:py-1.5 max-md:[&_tbody_td]:pr-0",
	// A value may shrink below its intrinsic width: a textarea's default 20 columns, measured in whatever font
	// is showing (the fallback before the web font arrives is wider), must not push the card past the screen.
	"max-md:[&_tbody_td>*]:min-w-0 max-md:[&_tbody_th>*]:min-w-0",
	"max-md:[&_tbody_th]:flex max-md:[&_tbody_th]:gap-3 max-md:[&_tbody_th]:py-1.5 max-md:[&_tbody_th]:pr-0",
	"max-md:[&_tbody_[data-label]]:before:w-24 max-md:[&_tbody_[data-label]]:before:shrink-0 max-md:[&_tbody_[data-label]]:before:font-normal max-md:[&_tbody_[data-label]]:before:text-muted max-md:[&_tbody_[data-label]]:before:content-[attr(data-label)]",
);
