import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { deferred } from "~/lib/deferred";
import type { I18nHandle } from "~/lib/i18n";
import { passRetryAfter } from "~/lib/retry-after";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { loadLogin, logIn } from "./login.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["account"] } satisfies I18nHandle;

/** A refused attempt says when to try again (Retry-After), on the rendered page too. */
export const headers = passRetryAfter;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	const { origin, language } = rootMetaData(matches);
	return seoMeta({
		title: data?.title ?? "FORMA",
		description: data?.title ?? "",
		path: "/login",
		origin,
		language,
	});
};

export const loader = ({ request }: LoaderFunctionArgs) => loadLogin(request);

export const action = ({ request }: ActionFunctionArgs) => logIn(request);

/**
 * The form's code (Conform) loads when the browser is idle after the first view: until then the server's
 * HTML is a plain form that posts and answers as it does without JavaScript (decision 0018).
 */
const LoginForm = deferred(() => import("./login-form").then((module) => module.LoginForm));

export default function LoginPage() {
	const { t } = useTranslation("account");
	const { registrationOpen, favourite } = useLoaderData<typeof loader>();
	const [searchParams] = useSearchParams();
	const redirectTo = searchParams.get("redirectTo") ?? "";
	return (
		<AuthCard
			title={t("login.title")}
			intro={favourite ? t("login.favouriteIntro", { name: favourite.name }) : t("login.intro")}
		>
			<LoginForm redirectTo={redirectTo} favourite={favourite?.id} />
			<p className="mt-4 text-sm">
				<Link to="/forgot-password" className="font-semibold text-ink underline underline-offset-4">
					{t("login.forgot")}
				</Link>
			</p>
			{registrationOpen ? (
				<p className="mt-6 text-sm text-muted">
					{t("login.noAccount")}{" "}
					<Link
						to={favourite ? `/register?favourite=${encodeURIComponent(favourite.id)}` : "/register"}
						className="font-semibold text-ink underline underline-offset-4"
					>
						{t("login.register")}
					</Link>
				</p>
			) : null}
		</AuthCard>
	);
}
