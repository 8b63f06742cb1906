import { type ComponentType, lazy, memo, type ReactNode } from "react";
import { ReadySuspense } from "~/lib/page-ready";

let idle: Promise<void> | undefined;
let pastFirstView = false;

/**
 * The first time the browser is idle after the page started: the first view is on screen and hydrated.
 * Safari has no requestIdleCallback: a moment after, then.
 */
function firstIdle(): Promise<void> {
	idle ??= new Promise<void>((resolve) => {
		const done = () => {
			pastFirstView = true;
			resolve();
		};
		if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(done, { timeout: 2000 });
		else setTimeout(done, 200);
	});
	return idle;
}

/** What the visitor does that may change the page: every part still waiting loads its code then. */
const INTERACTIONS = [
	"pointerdown",
	"keydown",
	"focusin",
	"touchstart",
	"input",
	"change",
	"submit",
] as const;

/** What deferred parts read of Remix's router (window.__remixRouter): its changes, and whether one is work. */
interface RouterState {
	navigation: { state: string };
	revalidation: string;
	fetchers: Map<string, unknown>;
}
interface RouterEvents {
	subscribe(listener: (state: RouterState) => void): () => void;
}

let activity: Promise<void> | undefined;

/**
 * The first thing that may update the page: the visitor presses, types, focuses or changes a field, or the
 * router starts work on its own (a fetcher, a revalidation, a navigation no click started). The router's
 * other changes (routes it learnt of for the page's links) are no reason.
 *
 * It matters because React holds a router update that reaches a part still waiting for its code (every
 * route re-renders; a theme or language switch re-renders the footer's texts too) until that part has
 * hydrated: a select that saves on change would spring back to its old value, its save held back, for as
 * long as the visitor does not scroll to the footer.
 */
function firstActivity(): Promise<void> {
	activity ??= new Promise<void>((resolve) => {
		let unsubscribe: (() => void) | undefined;
		const done = () => {
			for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
			unsubscribe?.();
			resolve();
		};
		for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
		unsubscribe = (window as { __remixRouter?: RouterEvents }).__remixRouter?.subscribe((state) => {
			if (state.navigation.state !== "idle" || state.revalidation !== "idle" || state.fetchers.size > 0)
				done();
		});
	});
	return activity;
}

/** The browser's first idle moment or the page's first activity, whichever comes first. */
function idleOrActivity(): Promise<void> {
	return Promise.race([firstIdle(), firstActivity()]);
}

/**
 * When the first of the elements with these ids comes within half a screen of the viewport (the visitor
 * scrolls towards it), or at the page's first activity (above); as idleOrActivity if none of them is on
 * the page or the browser cannot tell.
 */
function nearViewport(ids: readonly string[]): Promise<void> {
	const element = ids.map((id) => document.getElementById(id)).find((found) => found !== null);
	if (!element || typeof IntersectionObserver !== "function") return idleOrActivity();
	const near = new Promise<void>((resolve) => {
		const observer = new IntersectionObserver(
			(entries) => {
				if (!entries.some((entry) => entry.isIntersecting)) return;
				observer.disconnect();
				resolve();
			},
			{ rootMargin: "50% 0px" },
		);
		observer.observe(element);
		void firstActivity().then(() => observer.disconnect());
	});
	return Promise.race([near, firstActivity()]);
}

export interface DeferredOptions {
	/** Shown while the code arrives on a client-side navigation (the first view has the server's HTML). */
	fallback?: ReactNode;
	/**
	 * Below the first screen: on the first page the code waits until the visitor scrolls near the part,
	 * found by the first of these ids (an element the part renders near its top), not for the first idle
	 * moment. Until then the server's HTML works as it does without JavaScript.
	 */
	nearIds?: readonly string[];
}

/**
 * A part of a page whose code the first view does without (decision 0018). The server renders it whole.
 * - On the first page, the server's HTML stands in for it, working as it does without JavaScript, until
 *   the browser is idle (or, below the first screen, until the visitor scrolls near it: `nearIds`) or
 *   the page's first activity, whichever comes first; then its code loads and it hydrates.
 * - On a later page, its code is fetched as soon as the route's module is (on a link's intent or the
 *   navigation), beside the page's data, so it is usually here when the page renders; if not, `fallback`
 *   holds its place for that moment.
 */
export function deferred<Props extends object>(
	load: () => Promise<ComponentType<Props>>,
	{ fallback = null, nearIds }: DeferredOptions = {},
): ComponentType<Props> {
	let loaded: ComponentType<Props> | undefined;
	let loading: Promise<ComponentType<Props>> | undefined;
	const fetchCode = () => {
		loading ??= load().then(
			(component) => {
				loaded = component;
				return component;
			},
			(error: unknown) => {
				loading = undefined;
				throw error;
			},
		);
		return loading;
	};
	// On the server, and after the first view, at once: a render (a client-side navigation) is waiting.
	const firstView = () => (nearIds ? nearViewport(nearIds) : idleOrActivity());
	const Lazy = lazy(() =>
		(typeof window === "undefined" || pastFirstView ? fetchCode() : firstView().then(fetchCode)).then(
			(component) => ({ default: component }),
		),
	);
	// Decided on the first render and kept, so that a part never switches component (and loses its state):
	// the code already here renders at once; otherwise React's lazy waits for it.
	let direct: boolean | undefined;
	if (typeof window !== "undefined" && pastFirstView) void fetchCode().catch(() => {});
	// biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level, as lazy() is
	function Deferred(props: Props) {
		direct ??= loaded !== undefined;
		// (TypeScript cannot see that a lazy component takes its loaded component's props for a generic Props.)
		const Component = direct && loaded ? loaded : (Lazy as unknown as ComponentType<Props>);
		// Until its component has rendered, the part holds the page's readiness signal (~/lib/page-ready).
		return (
			<ReadySuspense fallback={fallback}>
				<Component {...props} />
			</ReadySuspense>
		);
	}
	// A parent's render with the same props is no update: the server's HTML stays until the code is here.
	return memo(Deferred) as unknown as ComponentType<Props>;
}
