import { cx } from "~/lib/site";

/**
 * The ring under a picture that is still loading. With JavaScript it goes once the picture has painted;
 * without, it stops turning after 30 s on its own (it sits under the picture, so nobody sees it stop).
 * Under reduced motion it stands still.
 */
export function ImageSpinner({ className }: { className?: string }) {
	return (
		<span
			aria-hidden="true"
			data-testid="image-spinner"
			className={cx(
				"absolute top-1/2 left-1/2 -translate-1/2 animate-spin-awhile rounded-full border-2 border-line border-t-muted motion-reduce:animate-none",
				className,
			)}
		/>
	);
}
