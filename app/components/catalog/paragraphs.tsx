/** A stored text as paragraphs: a blank line starts a new one (single line breaks stay inside it). */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
	const paragraphs = splitParagraphs(text);
	return (
		<>
			{paragraphs.map((paragraph, index) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: the text's paragraphs never move
				<p key={index} className={className}>
					{paragraph}
				</p>
			))}
		</>
	);
}

export function splitParagraphs(text: string): string[] {
	return text
		.split(/\r?\n[ \t]*\r?\n/)
		.map((paragraph) => paragraph.trim())
		.filter(Boolean);
}
