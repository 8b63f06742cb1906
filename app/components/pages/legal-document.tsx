import { formatCalendarDate } from "~/lib/format";
import { useRootData } from "~/lib/root-data";
import { useTranslation } from "~/lib/translations";
import { ArrowLink } from "./arrow-link";
import type { DocumentSection, TextBlock } from "./locale-content";
import { PageIntro } from "./page-intro";

interface LegalDocumentProps {
	eyebrow: string;
	title: string;
	intro: string;
	/** ISO date (YYYY-MM-DD) of the last revision. */
	updated: string;
	sections: DocumentSection[];
	/** The seller's legal details, after the sections (terms, privacy). */
	seller?: React.ReactNode;
}

/** Terms, privacy: numbered sections with a table of contents (plain anchor links, no JavaScript needed). */
export function LegalDocument({ eyebrow, title, intro, updated, sections, seller }: LegalDocumentProps) {
	const { t } = useTranslation("pages");
	const { language } = useRootData();
	return (
		<article>
			<PageIntro eyebrow={eyebrow} title={title} lead={intro} size="document">
				<p className="mt-6 text-sm text-muted md:ml-auto md:max-w-2xl">
					{t("legal.lastUpdated")}:{" "}
					<time dateTime={updated} className="font-semibold text-ink">
						{formatCalendarDate(updated, language)}
					</time>
				</p>
			</PageIntro>
			<div className="mx-auto grid max-w-[1440px] gap-12 border-t border-line px-5 pt-12 md:px-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-20 lg:pt-16">
				<nav aria-labelledby="contents-title" className="lg:sticky lg:top-28 lg:self-start">
					<h2 id="contents-title" className="text-xs font-semibold tracking-[0.2em] text-muted uppercase">
						{t("legal.contents")}
					</h2>
					<ol className="mt-5 grid gap-x-8 gap-y-2.5 text-sm sm:grid-cols-2 lg:grid-cols-1">
						{sections.map((section, index) => (
							<li key={section.title} className="flex gap-3">
								<span aria-hidden="true" className="w-6 shrink-0 text-muted tabular-nums">
									{index + 1}.
								</span>
								<a href={`#${sectionId(index)}`} className="link-underline -my-1 py-1">
									{section.title}
								</a>
							</li>
						))}
					</ol>
				</nav>
				<div className="max-w-3xl">
					{sections.map((section, index) => (
						<section
							key={section.title}
							id={sectionId(index)}
							aria-labelledby={`${sectionId(index)}-title`}
							className="border-t border-line pt-8 pb-14 first:border-t-0 first:pt-0"
						>
							<h2
								id={`${sectionId(index)}-title`}
								className="flex gap-4 font-display text-xl leading-snug font-medium tracking-[-0.02em] md:text-2xl"
							>
								<span className="text-accent tabular-nums">{index + 1}.</span>
								<span>{section.title}</span>
							</h2>
							<div className="mt-5 space-y-4 leading-relaxed">
								{section.body.map((block) => (
									<TextBlockView key={typeof block === "string" ? block : block.join("\n")} block={block} />
								))}
							</div>
						</section>
					))}
					{seller ? (
						<section aria-labelledby="seller-title" className="mb-8 border-t border-line pt-8">
							<h2 id="seller-title" className="font-display text-lg font-medium">
								{t("legal.seller")}
							</h2>
							<div className="mt-4">{seller}</div>
						</section>
					) : null}
					<div className="mt-2 rounded-2xl border border-line bg-card p-6 md:p-8">
						<h2 className="font-display text-lg font-medium">{t("legal.questions")}</h2>
						<p className="mt-2 text-muted">{t("legal.questionsText")}</p>
						<ArrowLink to="/contact" className="mt-5">
							{t("legal.contactLink")}
						</ArrowLink>
					</div>
				</div>
			</div>
		</article>
	);
}

function sectionId(index: number): string {
	return `section-${index + 1}`;
}

function TextBlockView({ block }: { block: TextBlock }) {
	if (typeof block === "string") return <p>{block}</p>;
	return (
		<ul className="space-y-2.5 pl-1">
			{block.map((item) => (
				<li key={item} className="flex gap-3">
					<span aria-hidden="true" className="mt-[0.7em] h-1.5 w-1.5 shrink-0 rounded-full bg-accent" />
					<span>{item}</span>
				</li>
			))}
		</ul>
	);
}
