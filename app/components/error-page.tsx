import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** What a visitor sees when rendering or a loader fails unexpectedly. The stack is shown only in development. */
export function ErrorPage({ message, stack }: { message: string; stack?: string }) {
	const { t } = useTranslation();
	return (
		<section className="mx-auto flex min-h-[60vh] max-w-3xl flex-col justify-center px-5 py-20">
			<h1 className="font-display text-3xl font-semibold md:text-4xl">{t("error.title")}</h1>
			<p
				className="mt-6 rounded-xl border border-line bg-card p-5 font-mono text-sm"
				data-testid="error-message"
			>
				{message}
			</p>
			{stack ? <pre className="mt-4 overflow-x-auto text-xs text-muted">{stack}</pre> : null}
			<div className="mt-8 flex gap-3">
				<Link to="/" className="button-primary" reloadDocument>
					{t("error.toHome")}
				</Link>
			</div>
		</section>
	);
}
