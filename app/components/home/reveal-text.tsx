import type { CSSProperties } from "react";
import { cx } from "~/lib/site";

interface RevealTextProps {
	text: string;
	/**
	 * 0 = the server render (and hydration): the plain words, or the reveal when `playOnLoad`.
	 * Any other number replays the reveal (a new key remounts the characters), used each time the slide
	 * becomes the current one.
	 */
	revealKey: number;
	playOnLoad?: boolean;
	/** Seconds before the first character starts. */
	delay?: number;
	/** Titles: on a slider narrower than 768 px (a container query: the admin's preview is one) every two words form a line. */
	pairWordsOnMobile?: boolean;
	className?: string;
}

/**
 * Text revealed character by character, 0.03 s apart (decision 0028; the step lives in home.css). The reveal is
 * a CSS animation rather than motion's: `m` + `domAnimation` would add ≈30 kB gzipped and push the page
 * past its 150 kB script budget, while keyframes cost nothing, play in the server HTML without JavaScript
 * and always end visible. Reduced motion turns them off in the stylesheet. Screen readers get the whole
 * text once (the characters are aria-hidden), so the split never spells words out letter by letter.
 */
export function RevealText({
	text,
	revealKey,
	playOnLoad = false,
	delay = 0,
	pairWordsOnMobile = false,
	className,
}: RevealTextProps) {
	// Words are split at plain spaces only: a no-break space (typesetting's, after «с» in «с характером»)
	// stays inside its word, which its span keeps on one line, so a short word never ends a line.
	const words = text.split(/[ \t\r\n]+/).filter(Boolean);
	const lines = pairWordsOnMobile ? pairs(words) : [words];

	// Nothing to reveal (a slide that is not the current one): the words as they are. One span per
	// character is what the reveal needs, and only the reveal: it was most of the home page's markup.
	if (revealKey === 0 && !playOnLoad) {
		return (
			<span className={className}>
				{lines.map((line, lineIndex) => (
					// biome-ignore lint/suspicious/noArrayIndexKey: lines are positional, the text is fixed for this render
					<span key={lineIndex} className={cx(pairWordsOnMobile && "block @3xl:inline")}>
						{lineIndex > 0 ? " " : null}
						{line.join(" ")}
					</span>
				))}
			</span>
		);
	}

	let characterIndex = 0;
	return (
		<span className={className}>
			<span className="sr-only">{text}</span>
			{/* --delay is inherited by every character; each carries only its place in the wave. */}
			<span aria-hidden="true" key={revealKey} style={{ "--delay": `${delay}s` } as CSSProperties}>
				{lines.map((line, lineIndex) => (
					<span
						// Lines are positional: the text is fixed for this render.
						// biome-ignore lint/suspicious/noArrayIndexKey: see above
						key={lineIndex}
						className={cx(pairWordsOnMobile && "block @3xl:inline")}
					>
						{lineIndex > 0 ? " " : null}
						{line.map((word, wordIndex) => (
							// biome-ignore lint/suspicious/noArrayIndexKey: words are positional too
							<span key={wordIndex}>
								{wordIndex > 0 ? " " : null}
								<span className="inline-block whitespace-nowrap">
									{Array.from(word).map((character, index) => (
										<span
											// biome-ignore lint/suspicious/noArrayIndexKey: characters are positional
											key={index}
											className="home-char"
											style={{ "--i": characterIndex++ } as CSSProperties}
										>
											{character}
										</span>
									))}
								</span>
							</span>
						))}
					</span>
				))}
			</span>
		</span>
	);
}

function pairs(words: string[]): string[][] {
	const lines: string[][] = [];
	for (let index = 0; index < words.length; index += 2) lines.push(words.slice(index, index + 2));
	return lines;
}
