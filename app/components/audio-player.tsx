import { lazy } from "react";
import { ReadySuspense } from "~/lib/page-ready";
import { useHydrated } from "~/lib/use-hydrated";

/** The controls' code loads once the page is hydrated: they do nothing without JavaScript. */
const AudioControls = lazy(() =>
	import("./audio-controls").then((module) => ({ default: module.AudioControls })),
);

/**
 * The header's music control (./audio-controls). It needs JavaScript to do anything, so it only appears
 * once the page is hydrated and its code is here. Until then an invisible stand-in keeps its place, so
 * the header's links do not move under a pointer (or a click) as the player appears.
 */
export function AudioPlayer() {
	const hydrated = useHydrated();
	if (!hydrated) return <PlayerFootprint />;
	return (
		<ReadySuspense fallback={<PlayerFootprint />}>
			<AudioControls />
		</ReadySuspense>
	);
}

/** The player's size, unseen and out of the accessibility tree: no control is offered before it can work. */
function PlayerFootprint() {
	return (
		<div className="invisible flex items-center" aria-hidden="true" data-testid="audio-footprint">
			<span className="icon-button" />
			<span className="audio-bars">
				<span />
				<span />
				<span />
				<span />
			</span>
			<span className="icon-button" />
		</div>
	);
}
