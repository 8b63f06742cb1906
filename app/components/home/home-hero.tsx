import { type CSSProperties, useEffect, useRef, useState } from "react";
import { useRootData } from "~/lib/root-data";
import { BRAND_WORD, BRAND_WORD_RU } from "~/lib/site";
import { useTranslation } from "~/lib/translations";

/** How far apart the letters swap to ФОРМА and back (one at a time). */
const LETTER_SWAP_STEP_MS = 90;

interface Letter {
	glyph: string;
	/** How many times this letter has swapped; 0 = as first rendered (no flip animation). */
	version: number;
}

const initialLetters = (): Letter[] => Array.from(BRAND_WORD, (glyph) => ({ glyph, version: 0 }));

/**
 * The giant brand word and the page's h1. The wave, the logo's fade and the title's rise are CSS
 * animations that end visible, so the server HTML reads the same with or without JavaScript. With
 * Russian selected, hovering swaps the letters one by one to ФОРМА, and leaving swaps them back.
 */
export function HomeHero() {
	const { t } = useTranslation("home");
	const { language } = useRootData();
	const [letters, setLetters] = useState(initialLetters);
	const [hovered, setHovered] = useState(false);
	const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

	const clearTimers = () => {
		for (const timer of timers.current) clearTimeout(timer);
		timers.current = [];
	};

	const swapTo = (word: string) => {
		clearTimers();
		Array.from(word).forEach((glyph, index) => {
			const timer = setTimeout(() => {
				setLetters((current) =>
					current.map((letter, position) =>
						position === index && letter.glyph !== glyph ? { glyph, version: letter.version + 1 } : letter,
					),
				);
			}, index * LETTER_SWAP_STEP_MS);
			timers.current.push(timer);
		});
	};

	// A language switch (or leaving the page) mid-swap starts over from the Latin word.
	// biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the language changes
	useEffect(() => {
		setLetters(initialLetters());
		return clearTimers;
	}, [language]);

	return (
		<section
			aria-labelledby="home-title"
			className="mx-auto max-w-[1440px] px-5 pt-14 pb-16 md:px-10 md:pt-24 md:pb-24"
		>
			<div
				role="img"
				// The brand's name for assistive technology, whatever letters are showing right now.
				aria-label={BRAND_WORD}
				data-hovered={hovered ? "true" : "false"}
				onMouseEnter={() => {
					setHovered(true);
					if (language === "ru") swapTo(BRAND_WORD_RU);
				}}
				onMouseLeave={() => {
					setHovered(false);
					swapTo(BRAND_WORD);
				}}
				// ФОРМА runs wider than FORMA, so with Russian the word is set smaller (home.css).
				data-language={language}
				className="home-logo -ml-[0.04em] font-display leading-[0.9] font-semibold tracking-[-0.06em] whitespace-nowrap select-none"
			>
				{letters.map((letter, index) => (
					<span
						// biome-ignore lint/suspicious/noArrayIndexKey: the word's letters are positions
						key={index}
						className="home-logo-letter"
						style={{ "--i": index } as CSSProperties}
					>
						<span
							key={`${letter.glyph}-${letter.version}`}
							className="home-logo-glyph"
							data-initial={letter.version === 0 ? "true" : undefined}
						>
							{letter.glyph}
						</span>
					</span>
				))}
			</div>
			<div className="home-title mt-8 grid gap-6 md:mt-12 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:items-end md:gap-16">
				<h1
					id="home-title"
					className="max-w-4xl font-display text-3xl leading-[1.08] font-medium tracking-[-0.03em] md:text-5xl lg:text-6xl"
				>
					{t("heroTitle", { ns: "common" })}
				</h1>
				<p className="max-w-md text-lg leading-relaxed text-muted">{t("hero.lead")}</p>
			</div>
		</section>
	);
}
