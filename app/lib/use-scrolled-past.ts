import { useEffect, useState } from "react";

/** Whether the page has scrolled further than `threshold` pixels (false on the server). */
export function useScrolledPast(threshold: number): boolean {
	const [past, setPast] = useState(false);
	useEffect(() => {
		const update = () => setPast(window.scrollY > threshold);
		update();
		window.addEventListener("scroll", update, { passive: true });
		return () => window.removeEventListener("scroll", update);
	}, [threshold]);
	return past;
}
