import { formatPhone, phoneHref } from "~/lib/phone";
import { cx } from "~/lib/site";

/** A stored phone as people read it (+7 916 123-45-67), on one line; a `tel:` link when `link` is set. */
export function Phone({
	value,
	link = false,
	className,
}: {
	value: string;
	link?: boolean;
	className?: string;
}) {
	const text = formatPhone(value);
	return link ? (
		<a href={phoneHref(value)} className={cx("whitespace-nowrap", className)}>
			{text}
		</a>
	) : (
		<span className={cx("whitespace-nowrap", className)}>{text}</span>
	);
}
