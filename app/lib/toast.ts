/** A line of a toast: a translation key and its values. */
export interface ToastNote {
	key: string;
	values?: Record<string, string | number>;
}

/** A toast: a translation key for the title and description, with values to interpolate. */
export interface Toast {
	type: "success" | "error" | "info";
	title: string;
	description?: string;
	values?: Record<string, string | number>;
	/** Further lines under the description, one per thing a save did ("2 images added", "Image removed"). */
	notes?: ToastNote[];
	/** How long it stays, in ms (the purchase confirmation lasts 3000 ms). */
	duration?: number;
}

/** Raises a toast from the browser (e.g. after a fetcher succeeded); the root's Toaster shows it. */
export function showToast(toast: Toast): void {
	window.dispatchEvent(new CustomEvent("forma:toast", { detail: toast }));
}
