import { getFormProps, useForm } from "@conform-to/react";
import {
	type ActionFunctionArgs,
	data,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Field, FormAlert } from "~/components/ui/form-fields";
import { readFormData } from "~/lib/form.server";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { passRetryAfter } from "~/lib/retry-after";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { useCatchUpValidation, useLazyValidation } from "~/lib/use-lazy-validation";
import { getSettings } from "~/models/settings.server";
import { setUserLanguage } from "~/models/users.server";
import { authenticator, getUser, LoginError, startSession } from "~/services/auth.server";

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

export async function loader({ request }: LoaderFunctionArgs) {
	const redirectTo = new URL(request.url).searchParams.get("redirectTo");
	// Already signed in: go where the sign-in would have led.
	if (await getUser(request)) throw redirect(safeRedirectPath(redirectTo, "/account"));
	const [t, settings] = await Promise.all([
		i18nServer.getFixedT(await getLanguage(request), "account"),
		getSettings(),
	]);
	return { title: t("login.metaTitle"), registrationOpen: settings.allow_registration === 1 };
}

const STATUS_BY_ERROR = {
	invalidCredentials: 401,
	reservedUsername: 401,
	accountBlocked: 403,
	tooManyAttempts: 429,
} as const;

export async function action({ request }: ActionFunctionArgs) {
	const formData = await readFormData(request);
	const { validateLogin } = await import("./schema");
	const submission = validateLogin(formData);
	if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
	let user: Awaited<ReturnType<typeof authenticator.authenticate>>;
	try {
		// FormStrategy reads the body itself: give it the already-read form (and the original headers, which
		// tell it the client's address), with the content type recomputed for the new body.
		const headers = new Headers(request.headers);
		headers.delete("Content-Type");
		headers.delete("Content-Length");
		user = await authenticator.authenticate(
			"form",
			new Request(request.url, { method: "POST", headers, body: formData }),
		);
	} catch (error) {
		if (!(error instanceof LoginError)) throw error;
		const retryAfter =
			error.retryAfterSeconds > 0 ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
		return data(
			{ result: submission.reply({ formErrors: [`login.errors.${error.code}`] }) },
			{ status: STATUS_BY_ERROR[error.code], headers: retryAfter },
		);
	}
	// Their mail is written in the language they use the site in.
	await setUserLanguage(user.id, await getLanguage(request));
	const headers = new Headers({ "Set-Cookie": await startSession(user.id) });
	// /admin sends non-admins on to /account.
	return redirectWithToast(
		safeRedirectPath(submission.value.redirectTo, "/admin"),
		{
			type: "success",
			title: "toast.loginTitle",
			description: "toast.loginText",
			values: { username: user.username },
		},
		{ headers },
	);
}

const loadValidator = () => import("./schema").then((schema) => schema.validateLogin);

export default function LoginPage() {
	const { t } = useTranslation("account");
	const { registrationOpen } = useLoaderData<typeof loader>();
	const actionData = useActionData<typeof action>();
	const [searchParams] = useSearchParams();
	const navigation = useNavigation();
	const validation = useLazyValidation(loadValidator);
	const [form, fields] = useForm({
		id: "login",
		lastResult: actionData?.result,
		constraint: { username: { required: true }, password: { required: true } },
		onValidate: validation.onValidate,
		shouldValidate: "onSubmit",
		shouldRevalidate: "onInput",
	});
	useCatchUpValidation(validation, form);
	const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/login");
	const redirectTo = searchParams.get("redirectTo") ?? "";
	return (
		<AuthCard title={t("login.title")} intro={t("login.intro")}>
			<Form method="post" className="flex flex-col gap-5" {...getFormProps(form)} {...validation.formProps}>
				<FormAlert title={t("login.failedTitle")} messages={form.errors?.map((error) => t(error))} />
				{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
				<Field
					meta={fields.username}
					type="text"
					label={t("login.username")}
					autoComplete="username"
					autoCapitalize="none"
					spellCheck={false}
				/>
				<Field
					meta={fields.password}
					type="password"
					label={t("login.password")}
					autoComplete="current-password"
				/>
				<button type="submit" className="button-primary mt-2" disabled={submitting}>
					{submitting ? t("login.submitting") : t("login.submit")}
				</button>
			</Form>
			<p className="mt-4 text-sm">
				<Link to="/forgot-password" className="font-semibold text-ink underline underline-offset-4">
					{t("login.forgot")}
				</Link>
			</p>
			{registrationOpen ? (
				<p className="mt-6 text-sm text-muted">
					{t("login.noAccount")}{" "}
					<Link to="/register" className="font-semibold text-ink underline underline-offset-4">
						{t("login.register")}
					</Link>
				</p>
			) : null}
		</AuthCard>
	);
}
