import type { Language } from "~/lib/i18n";
import { brandWord } from "~/lib/site";
import { WORDMARK_PATHS } from "./wordmark-paths";

/**
 * The brand word as a picture (paths drawn from Unbounded SemiBold by app/styles/fonts/make-wordmark.ts): it
 * looks the same before the web font arrives, on a first visit, as after. Sized in em, so it follows the
 * surrounding font size as the word did; its ink sits on the baseline. The picture always shows FORMA (the
 * logo); its name is the word in the page's language.
 */
export function Wordmark({ language, className }: { language: Language; className?: string }) {
	const { d, box } = WORDMARK_PATHS.en;
	return (
		<svg
			role="img"
			aria-label={brandWord(language)}
			viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
			className={className}
			width={`${box.width / 1000}em`}
			height={`${box.height / 1000}em`}
			fill="currentColor"
			focusable="false"
		>
			<path d={d} />
		</svg>
	);
}
