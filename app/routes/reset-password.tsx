import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { FormAlert } from "~/components/ui/form-alert";
import { Field } from "~/components/ui/form-fields";
import { readFormData } from "~/lib/form.server";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { MAIL_LINK_HEADERS, mailLinkPageHeaders, mailLinkPageMeta } from "~/lib/mail-link-page";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { useCatchUpValidation, useLazyValidation } from "~/lib/use-lazy-validation";
import type { TokenProblem } from "~/models/email-tokens.server";
import { requireSiteOpen } from "~/services/maintenance.server";
import { checkResetToken, resetPassword } from "~/services/password-reset.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["account"] } satisfies I18nHandle;

/** The link's token is in the address: never cached, indexed or told to other sites (app/lib/mail-link-page.ts). */

export const headers = mailLinkPageHeaders;

/** A link that never existed is a bad request; one that is used up or past its hour is gone. */
const STATUS_BY_PROBLEM: Record<TokenProblem, 400 | 410> = { invalid: 400, expired: 410, used: 410 };

export const meta = mailLinkPageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get("token") ?? "";
	const t = await i18nServer.getFixedT(await getLanguage(request), "account");
	const check = await checkResetToken(token);
	const problem = check.ok ? null : check.problem;
	return data(
		{ title: t("resetPassword.metaTitle"), token: check.ok ? token : "", problem },
		{ status: problem ? STATUS_BY_PROBLEM[problem] : 200, headers: MAIL_LINK_HEADERS },
	);
}

export async function action({ request }: ActionFunctionArgs) {
	await requireSiteOpen(request);
	const formData = await readFormData(request);
	const { validatePasswordReset } = await import("~/lib/password-schemas");
	const submission = validatePasswordReset(formData);
	if (submission.status !== "success") {
		return data(
			{ result: submission.reply({ hideFields: ["password", "confirm"] }), problem: null },
			{
				status: 400,
				headers: MAIL_LINK_HEADERS,
			},
		);
	}
	const outcome = await resetPassword({ token: submission.value.token, password: submission.value.password });
	if (!outcome.ok) {
		return data(
			{ result: submission.reply({ hideFields: ["password", "confirm"] }), problem: outcome.problem },
			{ status: STATUS_BY_PROBLEM[outcome.problem], headers: MAIL_LINK_HEADERS },
		);
	}
	return redirectWithToast("/login", {
		type: "success",
		title: "toast.passwordResetTitle",
		description: "toast.passwordResetText",
	});
}

const loadValidator = () => import("~/lib/password-schemas").then((schemas) => schemas.validatePasswordReset);

export default function ResetPasswordPage() {
	const { t } = useTranslation("account");
	const { token, problem: linkProblem } = useLoaderData<typeof loader>();
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const validation = useLazyValidation(loadValidator, "onSubmit");
	const [form, fields] = useForm({
		id: "reset-password",
		lastResult: actionData?.result,
		constraint: { password: { required: true }, confirm: { required: true } },
		...validation.formOptions,
		shouldRevalidate: "onInput",
	});
	useCatchUpValidation(validation, form);
	const problem = actionData?.problem ?? linkProblem;
	if (problem) {
		return (
			<AuthCard title={t("resetPassword.title")} intro={t("resetPassword.intro")}>
				<FormAlert
					title={t("resetPassword.problemTitle")}
					messages={[t(`resetPassword.problems.${problem}`)]}
				/>
				<p className="mt-6">
					<Link to="/forgot-password" className="button-primary">
						{t("resetPassword.askAgain")}
					</Link>
				</p>
			</AuthCard>
		);
	}
	const submitting =
		navigation.state === "submitting" && navigation.formAction?.startsWith("/reset-password");
	return (
		<AuthCard title={t("resetPassword.title")} intro={t("resetPassword.intro")}>
			<Form method="post" className="flex flex-col gap-5" {...getFormProps(form)} {...validation.formProps}>
				<input type="hidden" name="token" value={token} />
				<Field
					meta={fields.password}
					type="password"
					label={t("resetPassword.password")}
					hint={t("resetPassword.passwordHint")}
					autoComplete="new-password"
				/>
				<Field
					meta={fields.confirm}
					type="password"
					label={t("resetPassword.confirm")}
					autoComplete="new-password"
				/>
				<button type="submit" className="button-primary mt-2" disabled={submitting}>
					{submitting ? t("resetPassword.submitting") : t("resetPassword.submit")}
				</button>
			</Form>
		</AuthCard>
	);
}
