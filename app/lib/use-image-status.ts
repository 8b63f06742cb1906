import { useEffect, useRef, useState } from "react";

export type ImageStatus = "loading" | "loaded" | "broken";

/**
 * Whether an `<img>` is still loading, has painted, or failed. An image that finished before hydration
 * fires no React event, so its state is read once on mount as well.
 */
export function useImageStatus() {
	const ref = useRef<HTMLImageElement>(null);
	const [status, setStatus] = useState<ImageStatus>("loading");
	useEffect(() => {
		const img = ref.current;
		if (img?.complete) setStatus(img.naturalWidth === 0 ? "broken" : "loaded");
	}, []);
	return {
		status,
		imageProps: { ref, onLoad: () => setStatus("loaded"), onError: () => setStatus("broken") },
	};
}
