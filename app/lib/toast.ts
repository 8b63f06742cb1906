/** A toast: a translation key for the title and description, with values to interpolate. */
export interface Toast {
	type: "success" | "error" | "info";
	title: string;
	description?: string;
	values?: Record<string, string | number>;
	/** How long it stays, in ms (the purchase confirmation lasts 3000 ms). */
	duration?: number;
}
