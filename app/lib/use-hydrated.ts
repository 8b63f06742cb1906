import { useEffect, useState, useSyncExternalStore } from "react";
import { holdReady } from "./page-ready";

/** True once the page's first hydration is over: a component mounted after that starts out hydrated. */
let documentHydrated = false;
const subscribe = () => () => {};
const getSnapshot = () => documentHydrated;
const getServerSnapshot = () => false;

/**
 * False during the server render and hydration, true once React runs in the browser.
 *
 * Each component flips in a task of its own after hydration. A store whose value changed at hydration
 * would have React re-render every component reading it synchronously, together, in one task (the slider,
 * the header's menus, every favourite button: 30–50 ms on a phone, all of it Total Blocking Time); in
 * separate tasks the browser can paint and answer input between them (docs/decisions/0018). The store only
 * tells a component mounted later (a page reached by a link) that it is born hydrated; while hydrating,
 * React reads its server snapshot, so a part that hydrates late still matches the server's HTML.
 * Until its flip has rendered, the component holds the page's readiness signal (./page-ready).
 */
export function useHydrated(): boolean {
	const bornHydrated = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
	const [hydrated, setHydrated] = useState(bornHydrated);
	useEffect(() => {
		if (hydrated) return;
		const release = holdReady();
		const flip = setTimeout(() => {
			documentHydrated = true;
			setHydrated(true);
		});
		// Run once the flip has rendered (the effect's dependency changed), or if the component goes first.
		return () => {
			clearTimeout(flip);
			release();
		};
	}, [hydrated]);
	return hydrated;
}
