import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { FormAlert } from "~/components/ui/form-alert";
import { deferred } from "~/lib/deferred";
import type { I18nHandle } from "~/lib/i18n";
import { passRetryAfter } from "~/lib/retry-after";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { loadRegister, register } from "./register.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["account"] } satisfies I18nHandle;

/** A refused attempt says when to try again (Retry-After), on the rendered page too. */
export const headers = passRetryAfter;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	const { origin, language } = rootMetaData(matches);
	return seoMeta({
		title: data?.title ?? "FORMA",
		description: data?.title ?? "",
		path: "/register",
		origin,
		language,
	});
};

export const loader = ({ request }: LoaderFunctionArgs) => loadRegister(request);

export const action = ({ request }: ActionFunctionArgs) => register(request);

/**
 * The form's code (Conform) loads when the browser is idle after the first view: until then the server's
 * HTML is a plain form that posts and answers as it does without JavaScript (decision 0018).
 */
const RegisterForm = deferred(() => import("./register-form").then((module) => module.RegisterForm));

export default function RegisterPage() {
	const { t } = useTranslation("account");
	const { open, formToken, consentVersion, favourite } = useLoaderData<typeof loader>();
	const actionData = useActionData<typeof action>();
	if (actionData && "sentTo" in actionData) {
		return (
			<AuthCard title={t("register.checkTitle")} intro={t("register.intro")}>
				<p className="text-base leading-relaxed">{t("register.checkText", { email: actionData.sentTo })}</p>
				<p className="mt-6">
					<Link to="/login" className="button-primary">
						{t("register.login")}
					</Link>
				</p>
			</AuthCard>
		);
	}
	if (!open) {
		return (
			<AuthCard title={t("register.title")} intro={t("register.intro")}>
				<FormAlert title={t("register.failedTitle")} messages={[t("register.errors.closed")]} />
			</AuthCard>
		);
	}
	return (
		<AuthCard
			title={t("register.title")}
			intro={favourite ? t("register.favouriteIntro", { name: favourite.name }) : t("register.intro")}
		>
			<RegisterForm formToken={formToken} consentVersion={consentVersion} favourite={favourite?.id} />
			<p className="mt-6 text-sm text-muted">
				{t("register.haveAccount")}{" "}
				<Link to="/login" className="font-semibold text-ink underline underline-offset-4">
					{t("register.login")}
				</Link>
			</p>
		</AuthCard>
	);
}
