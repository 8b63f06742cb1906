import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLink } from "~/components/pages/arrow-link";
import { readRecords, readStrings } from "~/components/pages/locale-content";
import { PageIntro } from "~/components/pages/page-intro";
import { SectionHeading } from "~/components/pages/section-heading";
import { SITE_CATEGORIES } from "~/lib/categories";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import type { PageCacheHandle } from "~/lib/page-cache-policy";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { listArtists } from "~/models/artists.server";
import { searchProjects } from "~/models/projects.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["pages"], pageCache: { shared: true } } satisfies I18nHandle & PageCacheHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
	seoMeta({
		...rootMetaData(matches),
		title: data?.meta.title ?? "FORMA",
		description: data?.meta.description ?? "",
		path: "/about",
	});

export async function loader({ request }: LoaderFunctionArgs) {
	const language = await getLanguage(request);
	const [t, artists, catalogue] = await Promise.all([
		i18nServer.getFixedT(language, "pages"),
		listArtists(),
		searchProjects({ pageSize: 1 }),
	]);
	return {
		meta: { title: t("about.metaTitle"), description: t("about.metaDescription") },
		studioCount: artists.length,
		workCount: catalogue.total,
	};
}

export default function AboutPage() {
	const { studioCount, workCount } = useLoaderData<typeof loader>();
	const { t } = useTranslation("pages");
	const stats = [
		{ value: String(studioCount), label: t("about.stats.studios", { count: studioCount }) },
		{ value: String(workCount), label: t("about.stats.works", { count: workCount }) },
		{
			value: String(SITE_CATEGORIES.length),
			label: t("about.stats.disciplines", { count: SITE_CATEGORIES.length }),
		},
		{ value: "24/7", label: t("about.stats.online") },
	];
	const practice = (["gallery", "shop", "agency"] as const).map((area) => ({
		title: t(`about.practice.${area}.title`),
		text: t(`about.practice.${area}.text`),
	}));
	const services = readStrings(t("about.practice.services", { returnObjects: true }));
	const criteria = readRecords(t("about.selection.criteria", { returnObjects: true }), ["title", "text"]);
	const steps = readRecords(t("about.buying.steps", { returnObjects: true }), ["title", "text"]);

	return (
		<>
			<PageIntro eyebrow={t("about.eyebrow")} title={t("about.title")} lead={t("about.lead")} />

			<section aria-labelledby="stats-title" className="mx-auto max-w-[1440px] px-5 md:px-10">
				<h2 id="stats-title" className="sr-only">
					{t("about.stats.title")}
				</h2>
				<ul className="grid grid-cols-2 gap-x-5 gap-y-10 md:gap-x-8 lg:grid-cols-4">
					{stats.map((stat) => (
						<li key={stat.label} className="border-t border-ink pt-5 md:pt-6">
							<span className="block font-display text-[clamp(2.75rem,6vw,5.5rem)] leading-none font-semibold tracking-[-0.05em]">
								{stat.value}
							</span>
							<span className="mt-3 block max-w-[20ch] text-sm text-muted md:text-base">{stat.label}</span>
						</li>
					))}
				</ul>
			</section>

			<section
				aria-labelledby="story-title"
				className="mx-auto grid max-w-[1440px] gap-8 px-5 py-20 md:grid-cols-12 md:px-10 md:py-32"
			>
				<SectionHeading id="story-title" className="md:col-span-4">
					{t("about.story.title")}
				</SectionHeading>
				<div className="space-y-6 md:col-span-8 md:col-start-5">
					{readStrings(t("about.story.paragraphs", { returnObjects: true })).map((paragraph, index) => (
						<p
							key={paragraph}
							className={
								index === 0
									? "font-display text-xl leading-snug tracking-[-0.02em] md:text-3xl"
									: "max-w-2xl text-lg leading-relaxed text-muted"
							}
						>
							{paragraph}
						</p>
					))}
				</div>
			</section>

			<section aria-labelledby="practice-title" className="mx-auto max-w-[1440px] px-5 md:px-10">
				<SectionHeading id="practice-title">{t("about.practice.title")}</SectionHeading>
				<ol className="mt-10 grid gap-px overflow-hidden rounded-2xl border border-line bg-line md:mt-14 md:grid-cols-3">
					{practice.map((area, index) => (
						<li key={area.title} className="flex flex-col bg-card p-6 md:p-10">
							<span aria-hidden="true" className="text-sm text-muted tabular-nums">
								{String(index + 1).padStart(2, "0")}
							</span>
							<h3 className="mt-10 font-display text-3xl font-semibold tracking-[-0.03em] md:mt-16 md:text-4xl">
								{area.title}
							</h3>
							<p className="mt-4 leading-relaxed text-muted">{area.text}</p>
						</li>
					))}
				</ol>
				<div className="mt-10 flex flex-col gap-5 md:flex-row md:items-baseline md:gap-10">
					<h3 className="shrink-0 text-xs font-semibold tracking-[0.2em] text-muted uppercase">
						{t("about.practice.servicesTitle")}
					</h3>
					<ul className="flex flex-wrap gap-2">
						{services.map((service) => (
							<li key={service} className="rounded-full border border-line px-4 py-2 text-sm">
								{service}
							</li>
						))}
					</ul>
				</div>
			</section>

			<section aria-labelledby="selection-title" className="mt-20 bg-ink text-paper md:mt-32">
				<div className="mx-auto max-w-[1440px] px-5 py-20 md:px-10 md:py-28">
					<div className="grid gap-6 md:grid-cols-12">
						<SectionHeading id="selection-title" className="md:col-span-6">
							{t("about.selection.title")}
						</SectionHeading>
						<p className="max-w-xl text-lg leading-relaxed text-paper/75 md:col-span-5 md:col-start-8 md:self-end">
							{t("about.selection.intro")}
						</p>
					</div>
					<ol className="mt-14 grid gap-10 sm:grid-cols-2 md:mt-20 lg:grid-cols-4 lg:gap-8">
						{criteria.map((criterion, index) => (
							<li key={criterion.title} className="border-t border-paper/25 pt-6">
								<span
									aria-hidden="true"
									className="font-display text-5xl font-semibold tracking-[-0.05em] text-paper/55"
								>
									{String(index + 1).padStart(2, "0")}
								</span>
								<h3 className="mt-6 font-display text-xl font-medium tracking-[-0.02em]">
									{criterion.title}
								</h3>
								<p className="mt-3 leading-relaxed text-paper/75">{criterion.text}</p>
							</li>
						))}
					</ol>
				</div>
			</section>

			<section
				aria-labelledby="studios-title"
				className="mx-auto grid max-w-[1440px] gap-8 px-5 py-20 md:grid-cols-12 md:px-10 md:py-32"
			>
				<div className="md:col-span-4">
					<SectionHeading id="studios-title">{t("about.studios.title")}</SectionHeading>
					<ArrowLink to="/artists" className="mt-8 hidden md:inline-flex">
						{t("about.studios.cta")}
					</ArrowLink>
				</div>
				<div className="space-y-5 text-lg leading-relaxed md:col-span-7 md:col-start-6">
					{readStrings(t("about.studios.paragraphs", { returnObjects: true })).map((paragraph) => (
						<p key={paragraph}>{paragraph}</p>
					))}
				</div>
				<ArrowLink to="/artists" className="justify-self-start md:hidden">
					{t("about.studios.cta")}
				</ArrowLink>
			</section>

			<section aria-labelledby="buying-title" className="border-y border-line bg-card">
				<div className="mx-auto max-w-[1440px] px-5 py-20 md:px-10 md:py-28">
					<div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
						<div>
							<SectionHeading id="buying-title">{t("about.buying.title")}</SectionHeading>
							<p className="mt-5 max-w-xl text-lg leading-relaxed text-muted">{t("about.buying.intro")}</p>
						</div>
						<ArrowLink to="/shop" className="self-start md:self-auto">
							{t("about.buying.cta")}
						</ArrowLink>
					</div>
					<ol className="mt-14 grid gap-10 md:mt-20 md:grid-cols-2 lg:grid-cols-4 lg:gap-8">
						{steps.map((step, index) => (
							<li key={step.title} className="relative">
								<div className="flex items-center gap-4">
									<span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full border border-ink font-display text-sm font-semibold tabular-nums">
										{index + 1}
									</span>
									<span aria-hidden="true" className="h-px flex-1 bg-line" />
								</div>
								<h3 className="mt-6 font-display text-lg font-medium tracking-[-0.01em]">{step.title}</h3>
								<p className="mt-2 leading-relaxed text-muted">{step.text}</p>
							</li>
						))}
					</ol>
				</div>
			</section>

			<section
				aria-labelledby="closing-title"
				className="mx-auto max-w-[1440px] px-5 pt-20 md:px-10 md:pt-32"
			>
				<h2
					id="closing-title"
					className="max-w-[18ch] font-display text-[clamp(2rem,5.5vw,5rem)] leading-[1] font-semibold tracking-[-0.045em] text-balance"
				>
					{t("about.closing.title")}
				</h2>
				<div className="mt-8 flex flex-col gap-8 md:flex-row md:items-center md:justify-between">
					<p className="max-w-xl text-lg leading-relaxed text-muted">{t("about.closing.text")}</p>
					<Link to="/contact" prefetch="intent" className="button-primary self-start md:self-auto">
						{t("about.closing.cta")}
					</Link>
				</div>
			</section>
		</>
	);
}
