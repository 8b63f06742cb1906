import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import {
	Form,
	Link,
	type ShouldRevalidateFunction,
	useActionData,
	useLoaderData,
	useNavigation,
} from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { ResendVerificationForm } from "~/components/resend-verification-form";
import { FormAlert } from "~/components/ui/form-alert";
import { Field } from "~/components/ui/form-fields";
import { publicOrigin } from "~/lib/env.server";
import { readFormData } from "~/lib/form.server";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { MAIL_LINK_HEADERS, mailLinkPageHeaders, mailLinkPageMeta } from "~/lib/mail-link-page";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { useCatchUpValidation, useLazyValidation } from "~/lib/use-lazy-validation";
import { checkEmailToken, type TokenProblem } from "~/models/email-tokens.server";
import { setUserLanguage } from "~/models/users.server";
import {
	checkAccountPassword,
	getSessionId,
	getUser,
	LoginError,
	requireUser,
	startSession,
} from "~/services/auth.server";
import {
	confirmEmail,
	resendVerification,
	resendVerificationForLink,
} from "~/services/email-verification.server";
import { requireSiteOpen } from "~/services/maintenance.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["account"] } satisfies I18nHandle;

/**
 * The link in the verification message. Mail clients open links with GET, and a link scanner may open it
 * first, so the GET confirms only for the account's own signed-in session; anyone else is asked for the
 * account's password (a POST). Whoever follows the link then holds both the mailbox and the account: the
 * owner of an address never confirms an account someone else registered on it (docs/decisions/0017).
 * Never cached, indexed or told to other sites (app/lib/mail-link-page.ts).
 */

export const headers = mailLinkPageHeaders;

export const meta = mailLinkPageMeta;

/** Using the token is the page's work: it must not run again when something else revalidates the page. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
	currentUrl,
	nextUrl,
	defaultShouldRevalidate,
}) => (currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate);

const STATUS_BY_PROBLEM = { invalid: 400, expired: 410, used: 410 } as const;

type PageState = "confirmed" | "password" | TokenProblem;

export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get("token") ?? "";
	const t = await i18nServer.getFixedT(await getLanguage(request), "account");
	const title = t("verifyEmail.metaTitle");
	const [check, user] = await Promise.all([checkEmailToken(token, "verify_email"), getUser(request)]);
	const page = (state: PageState, values: { email?: string | null; token?: string } = {}, status = 200) =>
		data(
			{
				title,
				state,
				email: values.email ?? null,
				token: values.token ?? "",
				signedIn: user !== null,
				canResend: user !== null && user.email_verified_at === null,
			},
			{ status, headers: MAIL_LINK_HEADERS },
		);
	if (!check.ok) {
		// A spent or expired link still names its account: a new link can go to the same address.
		return page(
			check.problem,
			{ token: check.problem === "invalid" ? "" : token },
			STATUS_BY_PROBLEM[check.problem],
		);
	}
	// The account's own session: that is proof enough. Its other sessions end.
	if (user?.id === check.user.id) {
		const result = await confirmEmail(token, { keepSessionId: await getSessionId(request) });
		if (!result.ok) return page(result.problem, {}, STATUS_BY_PROBLEM[result.problem]);
		return page("confirmed", { email: result.user.email });
	}
	return page("password", { email: check.email, token });
}

export async function action({ request }: ActionFunctionArgs) {
	await requireSiteOpen(request);
	const formData = await readFormData(request);
	if (formData.get("intent") === "confirm") return confirmWithPassword(request, formData);
	return sendLinkAgain(request, formData);
}

/**
 * The link's form: the account's password confirms the address, ends every session of the account and
 * signs this visitor in, in the language of the page. A wrong password counts against the account's
 * sign-in budget, as on /login.
 */
async function confirmWithPassword(request: Request, formData: FormData) {
	const { validateEmailConfirmation } = await import("~/lib/password-schemas");
	const submission = validateEmailConfirmation(formData);
	const refuse = (
		status: number,
		problem: TokenProblem | null,
		reply = submission.reply({ hideFields: ["password"] }),
	) => data({ result: reply, problem, back: null }, { status, headers: MAIL_LINK_HEADERS });
	if (submission.status !== "success") return refuse(400, null);
	const { token, password } = submission.value;
	const check = await checkEmailToken(token, "verify_email");
	if (!check.ok) return refuse(STATUS_BY_PROBLEM[check.problem], check.problem);
	let valid: boolean;
	try {
		valid = await checkAccountPassword(check.user, password, request);
	} catch (error) {
		if (!(error instanceof LoginError)) throw error;
		return data(
			{
				result: submission.reply({ formErrors: ["login.errors.tooManyAttempts"], hideFields: ["password"] }),
				problem: null,
				back: null,
			},
			{ status: 429, headers: { ...MAIL_LINK_HEADERS, "Retry-After": String(error.retryAfterSeconds || 1) } },
		);
	}
	if (!valid) {
		return refuse(
			401,
			null,
			submission.reply({
				fieldErrors: { password: ["account:verifyEmail.wrongPassword"] },
				hideFields: ["password"],
			}),
		);
	}
	const result = await confirmEmail(token);
	if (!result.ok) return refuse(STATUS_BY_PROBLEM[result.problem], result.problem);
	await setUserLanguage(result.user.id, await getLanguage(request));
	return redirectWithToast(
		"/account",
		{
			type: "success",
			title: "account:verifyEmail.confirmedTitle",
			description: "account:verifyEmail.confirmedText",
			values: { email: result.user.email },
		},
		{ headers: new Headers({ "Set-Cookie": await startSession(result.user.id) }) },
	);
}

/**
 * "Send the link again": from the banner and the account page (signed in), or from an expired or spent
 * link's page (its token names the account: an account made by registration cannot sign in before it is
 * confirmed). Back where it came from, with a toast.
 */
async function sendLinkAgain(request: Request, formData: FormData) {
	const back = safeRedirectPath(formData.get("redirectTo"), "/account");
	const language = await getLanguage(request);
	const signedIn = await getUser(request);
	const token = formData.get("token");
	const result =
		signedIn || typeof token !== "string" || !token
			? await resendVerification(await requireUser(request), language, publicOrigin(request)).then((sent) =>
					sent.ok ? { ok: true as const, email: signedIn?.email ?? "" } : sent,
				)
			: await resendVerificationForLink(token, language, publicOrigin(request));
	if (result.ok) {
		return redirectWithToast(back, {
			type: "success",
			title: "account:verifyEmail.sentTitle",
			description: "account:verifyEmail.sentText",
			values: { email: result.email },
		});
	}
	if (result.problem === "verified") {
		return redirectWithToast(back, { type: "info", title: "account:verifyEmail.alreadyTitle" });
	}
	if (result.problem === "invalid") {
		return data(
			{ result: null, problem: "invalid" as const, back: null },
			{ status: 400, headers: MAIL_LINK_HEADERS },
		);
	}
	return data(
		{ result: null, problem: "tooMany" as const, back },
		{ status: 429, headers: { ...MAIL_LINK_HEADERS, "Retry-After": "3600" } },
	);
}

const loadValidator = () =>
	import("~/lib/password-schemas").then((schemas) => schemas.validateEmailConfirmation);

export default function VerifyEmailPage() {
	const { t } = useTranslation("account");
	const { state, email, token, signedIn, canResend } = useLoaderData<typeof loader>();
	const answer = useActionData<typeof action>();
	if (answer?.problem === "tooMany") {
		return (
			<AuthCard title={t("verifyBanner.label")} intro={t("verifyBanner.title")}>
				<FormAlert title={t("verifyBanner.label")} messages={[t("verifyEmail.tooMany")]} />
				<p className="mt-6">
					<Link to={answer.back ?? "/account"} className="button-primary">
						{t("verifyEmail.back")}
					</Link>
				</p>
			</AuthCard>
		);
	}
	const shown = answer?.problem ?? state;
	if (shown === "confirmed") {
		return (
			<AuthCard title={t("verifyEmail.confirmedTitle")} intro={t("verifyEmail.confirmedText", { email })}>
				<Link to={signedIn ? "/account" : "/login"} className="button-primary">
					{signedIn ? t("verifyEmail.toAccount") : t("verifyEmail.toLogin")}
				</Link>
			</AuthCard>
		);
	}
	if (shown === "password") return <ConfirmWithPassword email={email ?? ""} token={token} />;
	return (
		<AuthCard title={t("verifyEmail.failedTitle")} intro={t(`verifyEmail.${shown}`)}>
			{canResend ? (
				<ResendVerificationForm redirectTo="/account" />
			) : signedIn ? (
				<p>
					<Link to="/account" className="button-primary">
						{t("verifyEmail.toAccount")}
					</Link>
				</p>
			) : (
				<div className="flex flex-col gap-5">
					{/* The old link names its account: the new one goes to the same address. */}
					{token && !answer ? <ResendVerificationForm redirectTo="/login" token={token} /> : null}
					<p className="text-sm text-muted">
						{t("verifyEmail.newLinkByReset")}{" "}
						<Link to="/forgot-password" className="font-semibold text-ink underline underline-offset-4">
							{t("verifyEmail.askReset")}
						</Link>
					</p>
				</div>
			)}
		</AuthCard>
	);
}

/** The link followed by someone not signed in to its account: the account's password confirms it. */
function ConfirmWithPassword({ email, token }: { email: string; token: string }) {
	const { t } = useTranslation("account");
	const answer = useActionData<typeof action>();
	const navigation = useNavigation();
	const validation = useLazyValidation(loadValidator, "onSubmit");
	const [form, fields] = useForm({
		id: "confirm-email",
		lastResult: answer?.result ?? undefined,
		constraint: { password: { required: true } },
		...validation.formOptions,
		shouldRevalidate: "onInput",
	});
	useCatchUpValidation(validation, form);
	const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/verify-email");
	return (
		<AuthCard title={t("verifyEmail.confirmTitle")} intro={t("verifyEmail.confirmIntro", { email })}>
			<Form method="post" className="flex flex-col gap-5" {...getFormProps(form)} {...validation.formProps}>
				<FormAlert
					title={t("verifyEmail.confirmFailedTitle")}
					messages={form.errors?.map((error) => t(error))}
				/>
				<input type="hidden" name="intent" value="confirm" />
				<input type="hidden" name="token" value={token} />
				{/* For password managers: the account the password belongs to. */}
				<input type="hidden" name="username" value={email} autoComplete="username" />
				<Field
					meta={fields.password}
					type="password"
					label={t("verifyEmail.password")}
					autoComplete="current-password"
				/>
				<button type="submit" className="button-primary mt-2" disabled={submitting}>
					{submitting ? t("verifyEmail.confirming") : t("verifyEmail.confirmSubmit")}
				</button>
			</Form>
			<p className="mt-4 text-sm">
				<Link to="/forgot-password" className="font-semibold text-ink underline underline-offset-4">
					{t("login.forgot")}
				</Link>
			</p>
			<p className="mt-6 text-sm text-muted">{t("verifyEmail.notYou")}</p>
		</AuthCard>
	);
}
