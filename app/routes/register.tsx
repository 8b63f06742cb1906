import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
	type ActionFunctionArgs,
	data,
	type LoaderFunctionArgs,
	type MetaFunction,
	redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AuthCard } from "~/components/auth-card";
import { Field, FormAlert } from "~/components/ui/form-fields";
import { readFormData } from "~/lib/form.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { clientAddress } from "~/lib/rate-limit.server";
import { passRetryAfter } from "~/lib/retry-after";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { emailForUsernameField, newPasswordField, russianPhoneField } from "~/lib/validation";
import { getSettings } from "~/models/settings.server";
import { createUser, EmailTakenError, UsernameTakenError } from "~/models/users.server";
import { getUser, registrationAttempts, startSession } from "~/services/auth.server";
import { requireSiteOpen } from "~/services/maintenance.server";

const schema = z.object({
	email: emailForUsernameField("validation.registrationEmailInvalid"),
	phone: russianPhoneField,
	password: newPasswordField,
});

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

export async function loader({ request }: LoaderFunctionArgs) {
	if (await getUser(request)) throw redirect("/account");
	const [settings, t] = await Promise.all([
		getSettings(),
		i18nServer.getFixedT(await getLanguage(request), "account"),
	]);
	const open = settings.allow_registration === 1;
	// Switched off in the admin's settings: the page says registration is closed (403, not indexed).
	return data({ title: t("register.metaTitle"), open }, { status: open ? 200 : 403 });
}

export async function action({ request }: ActionFunctionArgs) {
	await requireSiteOpen(request);
	const formData = await readFormData(request);
	const submission = parseWithZod(formData, { schema });
	const settings = await getSettings();
	if (settings.allow_registration !== 1) {
		return data({ result: submission.reply({ formErrors: ["register.errors.closed"] }) }, { status: 403 });
	}
	if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
	// Every complete attempt counts before the e-mail is looked up, "taken" answers included, so the
	// field message cannot be used to test many addresses (the form's live validation never counts).
	const attempt = registrationAttempts.hit(`address:${clientAddress(request)}`);
	if (!attempt.allowed) {
		return data(
			{ result: submission.reply({ formErrors: ["register.errors.tooManyAttempts"] }) },
			{ status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds) } },
		);
	}
	let user: Awaited<ReturnType<typeof createUser>>;
	try {
		user = await createUser({ ...submission.value, role: "user" });
	} catch (error) {
		// Both are the e-mail's fault: the username comes from it (a UNIQUE race ends here too).
		if (error instanceof EmailTakenError || error instanceof UsernameTakenError) {
			const message =
				error instanceof EmailTakenError ? "validation.emailTaken" : "account:register.errors.usernameTaken";
			return data({ result: submission.reply({ fieldErrors: { email: [message] } }) }, { status: 409 });
		}
		throw error;
	}
	const headers = new Headers({ "Set-Cookie": await startSession(user.id) });
	return redirectWithToast(
		"/account",
		{
			type: "success",
			title: "toast.registerTitle",
			description: "toast.registerText",
			values: { username: user.username },
		},
		{ headers },
	);
}

export default function RegisterPage() {
	const { t } = useTranslation("account");
	const { open } = useLoaderData<typeof loader>();
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const [form, fields] = useForm({
		id: "register",
		lastResult: actionData?.result,
		defaultValue: { phone: "+7" },
		onValidate: ({ formData }) => parseWithZod(formData, { schema }),
		shouldValidate: "onBlur",
		shouldRevalidate: "onInput",
	});
	const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/register");
	if (!open) {
		return (
			<AuthCard title={t("register.title")} intro={t("register.intro")}>
				<FormAlert title={t("register.failedTitle")} messages={[t("register.errors.closed")]} />
			</AuthCard>
		);
	}
	return (
		<AuthCard title={t("register.title")} intro={t("register.intro")}>
			<Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
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
