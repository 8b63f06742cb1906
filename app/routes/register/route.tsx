import { getFormProps, useForm } from "@conform-to/react";
import {
	type ActionFunctionArgs,
	data,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { Field, FormAlert } from "~/components/ui/form-fields";
import { FormTokenField } from "~/components/ui/form-token-field";
import { publicOrigin } from "~/lib/env.server";
import { readFormData } from "~/lib/form.server";
import { type FormOutcome, issueFormToken } from "~/lib/form-token.server";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { clientAddress } from "~/lib/rate-limit.server";
import { passRetryAfter } from "~/lib/retry-after";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { useCatchUpValidation, useLazyValidation } from "~/lib/use-lazy-validation";
import { getSettings } from "~/models/settings.server";
import { getUser, registrationAttempts } from "~/services/auth.server";
import { registerAccount } from "~/services/email-verification.server";
import { answerFormPost, answerRepeat, checkFormToken, claimWith } from "~/services/form-tokens.server";
import { requireSiteOpen } from "~/services/maintenance.server";

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

/** The form's one-time token (docs/decisions/0022): a repeated post makes no second account or mail. */
const TOKEN_SCOPE = "register";

/** The answer to a registration, whoever's address it was (and to its repeats). */
type Registered = { result?: undefined; sentTo: string };

export async function loader({ request }: LoaderFunctionArgs) {
	if (await getUser(request)) throw redirect("/account");
	const [settings, t] = await Promise.all([
		getSettings(),
		i18nServer.getFixedT(await getLanguage(request), "account"),
	]);
	const open = settings.allow_registration === 1;
	// Switched off in the admin's settings: the page says registration is closed (403, not indexed).
	return data(
		{ title: t("register.metaTitle"), open, formToken: open ? issueFormToken(TOKEN_SCOPE) : null },
		{ status: open ? 200 : 403 },
	);
}

export async function action({ request }: ActionFunctionArgs) {
	await requireSiteOpen(request);
	const formData = await readFormData(request);
	const { validateRegistration } = await import("./schema");
	const submission = validateRegistration(formData);
	const settings = await getSettings();
	if (settings.allow_registration !== 1) {
		return data({ result: submission.reply({ formErrors: ["register.errors.closed"] }) }, { status: 403 });
	}
	const token = await checkFormToken(formData, TOKEN_SCOPE);
	if (token.status === "repeat") return answerFormPost<Registered>(token.outcome);
	if (token.status === "refused") {
		return data(
			{ result: submission.reply({ formErrors: [token.message] }), formToken: token.formToken },
			{ status: token.httpStatus },
		);
	}
	if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
	// Every complete attempt counts, whatever the address, so the form cannot be used to send mail to many
	// addresses (the form's live validation never counts).
	const attempt = registrationAttempts.hit(`address:${clientAddress(request)}`);
	if (!attempt.allowed) {
		return data(
			{ result: submission.reply({ formErrors: ["register.errors.tooManyAttempts"] }) },
			{ status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds) } },
		);
	}
	// A new address and a taken one get the same answer (and neither a session): signing a new account in
	// at once would tell anyone which addresses have one. The message sent to the address says the rest.
	const outcome = (): FormOutcome => ({ data: { sentTo: submission.value.email.trim() } });
	try {
		await registerAccount({
			...submission.value,
			language: await getLanguage(request),
			origin: publicOrigin(request),
			claim: claimWith(token.token, outcome),
		});
	} catch (error) {
		const repeat = await answerRepeat<Registered>(error);
		if (repeat) return repeat;
		throw error;
	}
	return answerFormPost<Registered>(outcome());
}

const loadValidator = () => import("./schema").then((schema) => schema.validateRegistration);

export default function RegisterPage() {
	const { t } = useTranslation("account");
	const { open, formToken } = useLoaderData<typeof loader>();
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const validation = useLazyValidation(loadValidator);
	const [form, fields] = useForm({
		id: "register",
		lastResult: actionData?.result,
		defaultValue: { phone: "+7" },
		onValidate: validation.onValidate,
		shouldValidate: "onBlur",
		shouldRevalidate: "onInput",
	});
	useCatchUpValidation(validation, form);
	const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/register");
	// A refused token's answer brings a fresh one (no loader runs after a refused post).
	const refusedToken = actionData && "formToken" in actionData ? String(actionData.formToken) : null;
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
		<AuthCard title={t("register.title")} intro={t("register.intro")}>
			<Form method="post" className="flex flex-col gap-5" {...getFormProps(form)} {...validation.formProps}>
				<FormTokenField token={refusedToken ?? formToken} />
				<FormAlert title={t("register.failedTitle")} messages={form.errors?.map((error) => t(error))} />
				<Field meta={fields.email} type="email" label={t("register.email")} autoComplete="email" />
				<Field
					meta={fields.phone}
					type="tel"
					label={t("register.phone")}
					hint={t("register.phoneHint")}
					autoComplete="tel"
					inputMode="tel"
				/>
				<Field
					meta={fields.password}
					type="password"
					label={t("register.password")}
					hint={t("register.passwordHint")}
					autoComplete="new-password"
				/>
				<button type="submit" className="button-primary mt-2" disabled={submitting}>
					{submitting ? t("register.submitting") : t("register.submit")}
				</button>
			</Form>
			<p className="mt-6 text-sm text-muted">
				{t("register.haveAccount")}{" "}
				<Link to="/login" className="font-semibold text-ink underline underline-offset-4">
					{t("register.login")}
				</Link>
			</p>
		</AuthCard>
	);
}
