import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArrowRightIcon } from "~/components/icons";
import { BRAND_WORD } from "~/lib/site";
import { SITE_CATEGORIES } from "~db/categories";

export default function Home() {
	const { t } = useTranslation();
	return (
		<>
			<section className="mx-auto max-w-[1440px] px-5 pt-16 pb-20 md:px-10 md:pt-24">
				<p
					aria-hidden="true"
					className="font-display text-[clamp(4.5rem,19vw,17rem)] leading-[0.85] font-semibold tracking-[-0.07em]"
				>
					{BRAND_WORD}
				</p>
				<h1 className="mt-8 max-w-3xl font-display text-3xl leading-tight font-medium tracking-[-0.02em] md:text-5xl">
					{t("heroTitle")}
				</h1>
				<p className="mt-6 max-w-2xl text-lg text-muted">{t("home.intro")}</p>
			</section>
			<section aria-labelledby="explore" className="mx-auto max-w-[1440px] px-5 md:px-10">
				<h2 id="explore" className="text-xs font-semibold tracking-[0.18em] text-muted uppercase">
					{t("home.categoriesTitle")}
				</h2>
				<ul className="mt-6 grid border-t border-line md:grid-cols-2">
					{SITE_CATEGORIES.map((category) => (
						<li key={category} className="border-b border-line md:odd:border-r">
							<Link
								to={`/${category}`}
								className="group flex items-center justify-between px-1 py-8 md:px-6 md:py-12"
							>
								<span className="font-display text-4xl font-medium tracking-[-0.03em] md:text-6xl">
									{t(`nav.${category}`)}
								</span>
								<ArrowRightIcon
									width={36}
									height={36}
									className="transition-transform duration-300 group-hover:translate-x-2"
								/>
							</Link>
						</li>
					))}
				</ul>
			</section>
		</>
	);
}
