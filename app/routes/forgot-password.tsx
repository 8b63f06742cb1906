import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { FormAlert } from "~/components/ui/form-alert";
import { Field } from "~/components/ui/form-fields";
import { publicOrigin } from "~/lib/env.server";
import { readFormData } from "~/lib/form.server";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { MAIL_LINK_HEADERS, mailLinkPageHeaders, mailLinkPageMeta } from "~/lib/mail-link-page";
import { clientAddress } from "~/lib/rate-limit.server";
import { useTranslation } from "~/lib/translations";
import { useCatchUpValidation, useLazyValidation } from "~/lib/use-lazy-validation";
import { requireSiteOpen } from "~/services/maintenance.server";
import { passwordResetRequests, requestPasswordReset } from "~/services/password-reset.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["account"] } satisfies I18nHandle;

/** Nothing about a reset is cached, indexed or told to other sites (app/lib/mail-link-page.ts). */

export const headers = mailLinkPageHeaders;
export const meta = mailLinkPageMeta;

// Signed-in visitors may use it too: they may have forgotten the password on another device.
export async function loader({ request }: LoaderFunctionArgs) {
	const t = await i18nServer.getFixedT(await getLanguage(request), "account");
	return data({ title: t("forgotPassword.metaTitle") }, { headers: MAIL_LINK_HEADERS });
}

export async function action({ request }: ActionFunctionArgs) {
	await requireSiteOpen(request);
	const formData = await readFormData(request);
	const { validateForgotPassword } = await import("~/lib/password-schemas");
	const submission = validateForgotPassword(formData);
	if (submission.status !== "success") {
		return data({ result: submission.reply(), sentTo: null }, { status: 400, headers: MAIL_LINK_HEADERS });
	}
	const attempt = await passwordResetRequests.hit(`address:${clientAddress(request)}`);
	if (!attempt.allowed) {
		return data(
			{ result: submission.reply({ formErrors: ["forgotPassword.errors.tooManyAttempts"] }), sentTo: null },
			{ status: 429, headers: { ...MAIL_LINK_HEADERS, "Retry-After": String(attempt.retryAfterSeconds) } },
		);
	}
	const { email } = submission.value;
	// The same answer whether or not an account uses the address (or it is blocked, or over its limit).
	await requestPasswordReset({ email, language: await getLanguage(request), origin: publicOrigin(request) });
	return data(
		{ result: submission.reply({ resetForm: true }), sentTo: email },
		{ headers: MAIL_LINK_HEADERS },
	);
}

const loadValidator = () =>
	import("~/lib/password-schemas").then((schemas) => schemas.validateForgotPassword);

export default function ForgotPasswordPage() {
	const { t } = useTranslation("account");
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const validation = useLazyValidation(loadValidator, "onSubmit");
	const [form, fields] = useForm({
		id: "forgot-password",
		lastResult: actionData?.result,
		constraint: { email: { required: true } },
		...validation.formOptions,
		shouldRevalidate: "onInput",
	});
	useCatchUpValidation(validation, form);
	const submitting =
		navigation.state === "submitting" && navigation.formAction?.startsWith("/forgot-password");
	return (
		<AuthCard title={t("forgotPassword.title")} intro={t("forgotPassword.intro")}>
			{actionData?.sentTo ? (
				<div role="status" className="mb-6 rounded-lg border border-line bg-paper px-4 py-3 text-sm">
					<p className="font-semibold">{t("forgotPassword.sentTitle")}</p>
					<p className="mt-1">{t("forgotPassword.sent", { email: actionData.sentTo })}</p>
				</div>
			) : null}
			<Form method="post" className="flex flex-col gap-5" {...getFormProps(form)} {...validation.formProps}>
				<FormAlert title={t("forgotPassword.failedTitle")} messages={form.errors?.map((error) => t(error))} />
				<Field
					meta={fields.email}
					type="email"
					label={t("forgotPassword.email")}
					autoComplete="email"
					autoCapitalize="none"
					spellCheck={false}
				/>
				<button type="submit" className="button-primary mt-2" disabled={submitting}>
					{submitting ? t("forgotPassword.submitting") : t("forgotPassword.submit")}
				</button>
			</Form>
			<p className="mt-6 text-sm text-muted">
				{t("forgotPassword.remembered")}{" "}
				<Link to="/login" className="font-semibold text-ink underline underline-offset-4">
					{t("forgotPassword.login")}
				</Link>
			</p>
		</AuthCard>
	);
}
