import { useState } from "react";
import { useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";

/** The messengers a piece is shared to: each a plain link to its own share page, no script of theirs here. */
function shareTargets(url: string, name: string) {
	const text = `${name} — ${url}`;
	return [
		{
			key: "telegram",
			href: `https://t.me/share/url?${new URLSearchParams({ url, text: name })}`,
		},
		{ key: "vk", href: `https://vk.com/share.php?${new URLSearchParams({ url, title: name })}` },
		{ key: "whatsapp", href: `https://wa.me/?${new URLSearchParams({ text })}` },
	] as const;
}

/**
 * Share a piece (issue #35): Telegram, VK and WhatsApp as plain links (they work without JavaScript and
 * load nothing from those services until pressed), and the page's address in a field to copy; with
 * JavaScript a button copies it.
 */
export function ShareLinks({ url, name }: { url: string; name: string }) {
	const { t } = useTranslation("catalog");
	const hydrated = useHydrated();
	const [copied, setCopied] = useState(false);
	const fieldId = "share-url";
	return (
		<section aria-labelledby="share-title" className="mt-6">
			<h2 id="share-title" className="text-xs font-semibold tracking-[0.14em] text-muted uppercase">
				{t("project.share.title")}
			</h2>
			<ul className="mt-3 flex flex-wrap gap-2">
				{shareTargets(url, name).map((target) => (
					<li key={target.key}>
						<a
							href={target.href}
							target="_blank"
							rel="noopener noreferrer"
							className="inline-flex min-h-10 items-center rounded-full border border-line px-4 text-sm font-semibold transition-colors hover:border-ink"
						>
							{t(`project.share.${target.key}`)}
							<span className="sr-only"> ({t("project.opensInNewTab")})</span>
						</a>
					</li>
				))}
			</ul>
			<div className="mt-3 flex flex-wrap items-center gap-2">
				<label htmlFor={fieldId} className="sr-only">
					{t("project.share.link")}
				</label>
				<input
					id={fieldId}
					type="url"
					readOnly
					value={url}
					onFocus={(event) => event.currentTarget.select()}
					className="min-h-10 min-w-0 flex-1 rounded-full border border-line bg-paper px-4 text-sm text-muted"
				/>
				{hydrated ? (
					<button
						type="button"
						className="min-h-10 rounded-full border border-line px-4 text-sm font-semibold transition-colors hover:border-ink"
						onClick={async () => {
							try {
								await navigator.clipboard.writeText(url);
								setCopied(true);
							} catch {
								// No clipboard (an insecure origin, a refusal): the field is there to copy from.
								document.getElementById(fieldId)?.focus();
							}
						}}
					>
						{t("project.share.copy")}
					</button>
				) : null}
				<p role="status" className="w-full text-sm text-muted empty:hidden">
					{copied ? t("project.share.copied") : ""}
				</p>
			</div>
		</section>
	);
}
