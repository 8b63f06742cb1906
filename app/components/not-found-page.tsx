import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function NotFoundPage() {
	const { t } = useTranslation();
	return (
		<section className="mx-auto flex min-h-[70vh] max-w-3xl flex-col items-center justify-center px-5 py-20 text-center">
			<p
				className="font-display text-[clamp(7rem,24vw,16rem)] leading-none font-semibold tracking-[-0.06em] text-ink"
				data-testid="not-found-code"
			>
				{t("notFound.code")}
			</p>
			<h1 className="mt-4 font-display text-2xl font-medium md:text-3xl">{t("notFound.title")}</h1>
			<p className="mt-4 max-w-md text-muted">{t("notFound.text")}</p>
			<Link to="/" className="button-primary mt-10">
				{t("notFound.toHome")}
			</Link>
		</section>
	);
}
