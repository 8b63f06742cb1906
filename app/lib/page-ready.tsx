import { type ReactNode, Suspense, useCallback, useEffect, useRef } from "react";

/**
 * One signal that the first page has come to life: `data-hydrated="true"` on <html> once the document has
 * hydrated and nothing of the first view is still waiting to (a component that shows its JavaScript
 * version a task after hydration, a deferred part or a lazy piece still showing the server's HTML). It is
 * set once and stays: later pages are reached by client-side navigations of a live page. Browser tests
 * wait on it (tests/e2e/fixtures.ts) instead of each on a control of its own; nothing else reads it.
 */
let pending = 0;
let documentHydrated = false;

/**
 * Checked a moment later (a microtask): React runs one commit's effect cleanups before its new effects, so
 * a part that lets go in one commit and a part that starts waiting in the same commit are both counted by
 * then.
 */
function markWhenReady(): void {
	queueMicrotask(() => {
		if (documentHydrated && pending === 0) document.documentElement.dataset.hydrated = "true";
	});
}

/** Something of the first view is still on its way; the returned function says it has arrived (once). */
export function holdReady(): () => void {
	pending += 1;
	let released = false;
	return () => {
		if (released) return;
		released = true;
		pending -= 1;
		markWhenReady();
	};
}

/**
 * The document has hydrated: called from the root's effect, which React runs after every effect below it
 * in the same commit, so each part that holds the page back has said so by then.
 */
export function useDocumentHydrated(): void {
	useEffect(() => {
		documentHydrated = true;
		markWhenReady();
	}, []);
}

/**
 * A Suspense boundary whose content holds the page back while it waits for its code (the server's HTML
 * standing in for it meanwhile). A child after the content reports when the content has rendered: React
 * runs a child's effect before its parent's, so in a commit where nothing waited the boundary never holds.
 */
export function ReadySuspense({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
	const arrived = useRef(false);
	const release = useRef<(() => void) | undefined>(undefined);
	useEffect(() => {
		if (!arrived.current) release.current = holdReady();
		return () => release.current?.();
	}, []);
	const onArrived = useCallback(() => {
		arrived.current = true;
		release.current?.();
	}, []);
	return (
		<Suspense fallback={fallback}>
			{children}
			<Arrived onArrived={onArrived} />
		</Suspense>
	);
}

function Arrived({ onArrived }: { onArrived: () => void }) {
	useEffect(onArrived, [onArrived]);
	return null;
}
