import type { UseEmblaCarouselType } from "embla-carousel-react";
import { useEffect, useState } from "react";

/**
 * The index of the slide an Embla carousel has selected, kept in step with its "select" and "reInit"
 * events; 0 until the carousel exists (server HTML, before hydration, or while it is inactive).
 */
export function useEmblaSelectedIndex(emblaApi: UseEmblaCarouselType[1]): number {
	const [selected, setSelected] = useState(0);
	useEffect(() => {
		if (!emblaApi) return;
		const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
		onSelect();
		emblaApi.on("select", onSelect).on("reInit", onSelect);
		return () => {
			emblaApi.off("select", onSelect).off("reInit", onSelect);
		};
	}, [emblaApi]);
	return selected;
}
