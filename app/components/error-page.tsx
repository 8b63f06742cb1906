import { isRouteErrorResponse, Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translations";

/** The translated message for a thrown response's status; 404 has a page of its own. */
const STATUS_MESSAGES: Record<number, string> = {
	400: "error.badRequest",
	403: "error.forbidden",
	413: "error.tooLarge",
};

/**
 * What the root error boundary shows for anything but maintenance: the 404 page, a translated message per
 * status for thrown responses, and for unexpected errors a translated message only. An error's own message
 * can come from the database or a library, so it reaches the visitor only in development; the server has
 * logged it (handleError in entry.server).
 */
export function RouteErrorPage({ error }: { error: unknown }) {
	const { t } = useTranslation();
	if (isRouteErrorResponse(error)) {
		if (error.status === 404) return <NotFoundPage />;
		const key = STATUS_MESSAGES[error.status];
		if (key) return <ErrorPage message={t(key)} />;
		return (
			<ErrorPage
				message={`${error.status} ${t(error.status < 500 ? "error.request" : "error.unexpected")}`}
			/>
		);
	}
	if (process.env.NODE_ENV === "development" && error instanceof Error) {
		return <ErrorPage message={error.message} stack={error.stack} />;
	}
	return <ErrorPage message={t("error.unexpected")} />;
}

/** A failed request or render: the message, and the stack in development. */
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

/** Any path no route claims, and anything a loader did not find (status 404). */
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
