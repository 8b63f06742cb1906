import { type RefObject, useEffect } from "react";

/** Closes an open <details> on Escape (returning focus to its summary) or on a click outside it. */
export function useDisclosureDismiss(ref: RefObject<HTMLDetailsElement | null>): void {
	useEffect(() => {
		const close = () => ref.current?.removeAttribute("open");
		const onKeyDown = (event: KeyboardEvent) => {
			const details = ref.current;
			if (event.key !== "Escape" || !details?.open) return;
			close();
			details.querySelector("summary")?.focus();
		};
		const onPointerDown = (event: PointerEvent) => {
			const details = ref.current;
			if (details?.open && event.target instanceof Node && !details.contains(event.target)) close();
		};
		document.addEventListener("keydown", onKeyDown);
		document.addEventListener("pointerdown", onPointerDown);
		return () => {
			document.removeEventListener("keydown", onKeyDown);
			document.removeEventListener("pointerdown", onPointerDown);
		};
	}, [ref]);
}
