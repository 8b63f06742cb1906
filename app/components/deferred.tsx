import { type ComponentType, lazy, memo, type ReactNode, Suspense } from "react";

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

/**
 * A part of a page whose code the first view does without (decision 0018). The server renders it whole.
 * - On the first page, the server's HTML stands in for it, working as it does without JavaScript, until
 *   the browser is idle; then its code loads and it hydrates.
 * - On a later page, its code is fetched as soon as the route's module is (on a link's intent or the
 *   navigation), beside the page's data, so it is usually here when the page renders; if not, `fallback`
 *   holds its place for that moment.
 */
export function deferred<Props extends object>(
	load: () => Promise<ComponentType<Props>>,
	fallback: ReactNode = null,
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
	const Lazy = lazy(() =>
		(typeof window === "undefined" || pastFirstView ? fetchCode() : firstIdle().then(fetchCode)).then(
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
		return (
			<Suspense fallback={fallback}>
				<Component {...props} />
			</Suspense>
		);
	}
	// A parent's render with the same props is no update: the server's HTML stays until the code is here.
	return memo(Deferred) as unknown as ComponentType<Props>;
}
