import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void): () => void {
	const media = window.matchMedia(QUERY);
	media.addEventListener("change", onChange);
	return () => media.removeEventListener("change", onChange);
}

/**
 * The visitor's reduced-motion setting, live: the one hook every carousel and animation asks. The server
 * (and hydration) assume no preference; the stylesheet already stops the CSS animations on its own. A few
 * lines instead of motion's `useReducedMotion`, which would bring motion's runtime into every page that
 * only needs to know the setting.
 */
export function usePrefersReducedMotion(): boolean {
	return useSyncExternalStore(
		subscribe,
		() => window.matchMedia(QUERY).matches,
		() => false,
	);
}
