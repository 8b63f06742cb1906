import { Link } from "@remix-run/react";
import { SITE_CATEGORIES } from "~/lib/categories";
import { useRootData } from "~/lib/root-data";
import { BRAND_WORD, CREDIT_URL, FOOTER_MARQUEE_WORDS, INFO_EMAIL, STUDIO_URL } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { ExternalIcon } from "./icons";
import { Wordmark } from "./wordmark";

/** The gallery column: where to buy, who made it, and how it reaches you (decisions, Round 2). */
const GALLERY_PAGES = ["shop", "artists", "shipping"] as const;
const INFO_PAGES = ["about", "contact", "terms", "privacy"] as const;

export function SiteFooter() {
	const { t } = useTranslation();
	const { year, language, seller } = useRootData();
	return (
		<footer id="site-footer" className="mt-24 border-t border-line">
			{/*
			 * Decorative: the brand word running across the page. Two identical runs, each wider than the widest
			 * screen; the track moves by one run (-50 %) and starts over, so the loop is seamless. The star is
			 * drawn by CSS (::after): one element per word. Hidden from screen readers; paused under reduced
			 * motion (tailwind.css). The duration keeps the old pace of 6 s per word.
			 */}
			<div className="overflow-hidden border-b border-line py-6" aria-hidden="true">
				<div className="marquee flex w-max [animation-duration:36s]">
					{[0, 1].map((run) => (
						<span key={run} className="flex">
							{Array.from({ length: FOOTER_MARQUEE_WORDS }, (_, index) => (
								<span
									// biome-ignore lint/suspicious/noArrayIndexKey: a fixed, never-reordered list of copies
									key={index}
									data-testid="marquee-word"
									className="px-6 font-display text-6xl font-semibold tracking-[-0.05em] text-ink/90 after:ml-12 after:inline-block after:align-middle after:text-accent after:content-['✦'] md:text-8xl"
								>
									{BRAND_WORD}
								</span>
							))}
						</span>
					))}
				</div>
			</div>
			<div className="mx-auto grid max-w-[1440px] gap-12 px-5 py-16 sm:grid-cols-2 md:px-10 lg:grid-cols-[2fr_repeat(4,1fr)]">
				<div className="max-w-sm sm:col-span-2 lg:col-span-1">
					<p className="text-2xl">
						<Wordmark language={language} className="block" />
					</p>
					<p className="mt-4 text-muted">{t("footer.tagline")}</p>
					<a
						href={STUDIO_URL}
						target="_blank"
						rel="noopener noreferrer"
						className="link-underline mt-6 inline-flex items-center gap-2"
					>
						{t("footer.studioLink")}
						<ExternalIcon width={16} height={16} />
					</a>
				</div>
				<FooterColumn title={t("footer.agency")}>
					{SITE_CATEGORIES.map((category) => (
						<li key={category}>
							<Link to={`/${category}`} className="link-underline">
								{t(`nav.${category}`)}
							</Link>
						</li>
					))}
				</FooterColumn>
				<FooterColumn title={t("footer.gallery")}>
					{GALLERY_PAGES.map((page) => (
						<li key={page}>
							<Link to={`/${page}`} className="link-underline">
								{t(`footer.${page}`)}
							</Link>
						</li>
					))}
				</FooterColumn>
				<FooterColumn title={t("footer.info")}>
					{INFO_PAGES.map((page) => (
						<li key={page}>
							<Link to={`/${page}`} className="link-underline">
								{t(`footer.${page}`)}
							</Link>
						</li>
					))}
				</FooterColumn>
				<FooterColumn title={t("footer.connect")}>
					<li>
						<a href={`mailto:${INFO_EMAIL}`} className="link-underline">
							{INFO_EMAIL}
						</a>
					</li>
					<li>
						<a
							href={CREDIT_URL}
							target="_blank"
							rel="noopener noreferrer"
							className="link-underline inline-flex items-center gap-2"
						>
							{t("footer.credit")}
							<ExternalIcon width={14} height={14} />
						</a>
					</li>
				</FooterColumn>
			</div>
			<div className="border-t border-line">
				<p className="mx-auto max-w-[1440px] px-5 py-6 text-sm text-muted md:px-10" data-testid="copyright">
					{t("footer.copyright", { year })}
					{seller.name ? (
						<span className="mt-1 block" data-testid="footer-seller">
							{seller.inn ? t("footer.seller", { name: seller.name, inn: seller.inn }) : seller.name}
						</span>
					) : null}
				</p>
			</div>
		</footer>
	);
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
	return (
		<div>
			<h2 className="text-xs font-semibold tracking-[0.18em] text-muted uppercase">{title}</h2>
			<ul className="mt-5 flex flex-col gap-3">{children}</ul>
		</div>
	);
}
