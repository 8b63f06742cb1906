/**
 * A text whose hyphenated words ("e-mail", «из-за») never break at their hyphen: each is kept on one line
 * (issue #35: a heading read "Check your e-" / "mail" on a phone). The words stay plain text, so the
 * heading's name for assistive technology and for search is unchanged.
 */
export function KeepHyphenated({ text }: { text: string }) {
	const parts = text.split(/(\S*\p{L}-\p{L}\S*)/u);
	if (parts.length === 1) return <>{text}</>;
	return (
		<>
			{parts.map((part, index) =>
				index % 2 === 1 ? (
					// biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
					<span key={index} className="whitespace-nowrap">
						{part}
					</span>
				) : (
					part
				),
			)}
		</>
	);
}
