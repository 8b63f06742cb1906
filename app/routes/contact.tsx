import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readRecords } from "~/components/pages/locale-content";
import { PageIntro } from "~/components/pages/page-intro";
import { SectionHeading } from "~/components/pages/section-heading";
import { SellerDetailsList } from "~/components/pages/seller-details";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import type { PageCacheHandle } from "~/lib/page-cache-policy";
import { sellerDetailsOf } from "~/lib/seller";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { INFO_EMAIL, PHONE_DISPLAY, PHONE_LINK, salesAddress } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { getSettings } from "~/models/settings.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["pages"], pageCache: { shared: true } } satisfies I18nHandle & PageCacheHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
	seoMeta({
		...rootMetaData(matches),
		title: data?.meta.title ?? "FORMA",
		description: data?.meta.description ?? "",
		path: "/contact",
	});

export async function loader({ request }: LoaderFunctionArgs) {
	const [t, settings] = await Promise.all([
		i18nServer.getFixedT(await getLanguage(request), "pages"),
		getSettings(),
	]);
	// Questions about pieces and orders go to the one sales address (issue #35).
	const salesEmail = salesAddress(settings);
	return {
		meta: { title: t("contact.metaTitle"), description: t("contact.metaDescription", { salesEmail }) },
		salesEmail,
		seller: sellerDetailsOf(settings),
	};
}

export default function ContactPage() {
	const { t } = useTranslation("pages");
	const { seller, salesEmail } = useLoaderData<typeof loader>();
	const channels = [
		{ key: "info", href: `mailto:${INFO_EMAIL}`, value: INFO_EMAIL },
		{ key: "sales", href: `mailto:${salesEmail}`, value: salesEmail },
		{ key: "phone", href: `tel:${PHONE_LINK}`, value: PHONE_DISPLAY },
	] as const;
	const hours = (["gallery", "support", "consultations"] as const).map((key) => ({
		term: t(`contact.hours.${key}`),
		value: t(`contact.hours.${key}Value`),
	}));
	const questions = readRecords(t("contact.faq.items", { returnObjects: true, salesEmail }), [
		"question",
		"answer",
	]);

	return (
		<>
			<PageIntro eyebrow={t("contact.eyebrow")} title={t("contact.title")} lead={t("contact.lead")} />

			<div className="mx-auto grid max-w-[1440px] gap-16 border-t border-line px-5 pt-12 md:px-10 md:pt-16 lg:grid-cols-12 lg:gap-10">
				<section aria-labelledby="channels-title" className="lg:col-span-7">
					<h2 id="channels-title" className="text-xs font-semibold tracking-[0.2em] text-muted uppercase">
						{t("contact.channels.title")}
					</h2>
					<address className="not-italic">
						<dl className="mt-6 divide-y divide-line border-y border-line">
							{channels.map((channel) => (
								<div key={channel.key} className="grid gap-2 py-6 sm:grid-cols-[10rem_1fr] sm:gap-6 md:py-8">
									<dt className="text-sm font-semibold sm:pt-2">
										{t(`contact.channels.${channel.key}.label`)}
									</dt>
									<dd>
										<a
											href={channel.href}
											className="link-underline font-display text-[clamp(1.35rem,3.2vw,2.5rem)] leading-tight font-medium tracking-[-0.03em] break-words"
										>
											{channel.value}
										</a>
										<p className="mt-2 text-sm text-muted">{t(`contact.channels.${channel.key}.note`)}</p>
									</dd>
								</div>
							))}
						</dl>
					</address>
				</section>

				<div className="flex flex-col gap-12 lg:col-span-4 lg:col-start-9">
					<section
						aria-labelledby="visit-title"
						className="rounded-2xl border border-line bg-card p-6 md:p-8"
					>
						<h2 id="visit-title" className="text-xs font-semibold tracking-[0.2em] text-muted uppercase">
							{t("contact.visit.title")}
						</h2>
						<address className="mt-5 font-display text-2xl leading-snug font-medium tracking-[-0.02em] not-italic">
							{t("contact.visit.street")}
							<br />
							{t("contact.visit.city")}
						</address>
						<p className="mt-4 leading-relaxed text-muted">{t("contact.visit.note")}</p>
					</section>

					<section aria-labelledby="seller-title">
						<h2 id="seller-title" className="text-xs font-semibold tracking-[0.2em] text-muted uppercase">
							{t("contact.seller")}
						</h2>
						<SellerDetailsList seller={seller} className="mt-5 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2" />
					</section>

					<section aria-labelledby="hours-title">
						<h2 id="hours-title" className="text-xs font-semibold tracking-[0.2em] text-muted uppercase">
							{t("contact.hours.title")}
						</h2>
						<dl className="mt-5 divide-y divide-line border-y border-line">
							{hours.map((row) => (
								<div key={row.term} className="flex items-baseline justify-between gap-6 py-4">
									<dt className="text-muted">{row.term}</dt>
									<dd className="text-right font-semibold">{row.value}</dd>
								</div>
							))}
						</dl>
					</section>
				</div>
			</div>

			<section
				aria-labelledby="faq-title"
				className="mx-auto mt-24 grid max-w-[1440px] gap-10 px-5 md:mt-32 md:px-10 lg:grid-cols-12"
			>
				<SectionHeading id="faq-title" className="lg:col-span-4">
					{t("contact.faq.title")}
				</SectionHeading>
				<div className="border-t border-line lg:col-span-8 lg:col-start-5">
					{questions.map((item) => (
						<details key={item.question} className="group border-b border-line">
							<summary className="flex items-center justify-between gap-6 py-6 font-display text-lg leading-snug font-medium tracking-[-0.01em] transition-colors hover:text-accent md:text-xl">
								{item.question}
								<span
									aria-hidden="true"
									className="relative h-4 w-4 shrink-0 transition-transform duration-300 group-open:rotate-45 motion-reduce:transition-none"
								>
									<span className="absolute top-1/2 left-0 h-0.5 w-4 -translate-y-1/2 bg-current" />
									<span className="absolute top-0 left-1/2 h-4 w-0.5 -translate-x-1/2 bg-current" />
								</span>
							</summary>
							<p className="max-w-2xl pb-7 leading-relaxed text-muted">{item.answer}</p>
						</details>
					))}
				</div>
			</section>
		</>
	);
}
