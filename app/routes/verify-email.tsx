import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth-card";
import { ResendVerificationForm } from "~/components/resend-verification-form";
import { FormAlert } from "~/components/ui/form-alert";
import { publicOrigin } from "~/lib/env.server";
import { readFormData } from "~/lib/form.server";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { MAIL_LINK_HEADERS, mailLinkPageHeaders, mailLinkPageMeta } from "~/lib/mail-link-page";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { getUser, requireUser } from "~/services/auth.server";
import { confirmEmail, resendVerification } from "~/services/email-verification.server";
import { requireSiteOpen } from "~/services/maintenance.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["account"] } satisfies I18nHandle;

/**
 * The link in the verification message. It is a GET because mail clients open links with GET; a link
 * scanner that opens it first confirms the address for the owner (it could only have read the owner's
 * mail), which is harmless. Never cached, indexed or told to other sites (app/lib/mail-link-page.ts).
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

export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get("token") ?? "";
	const t = await i18nServer.getFixedT(await getLanguage(request), "account");
	const result = await confirmEmail(token);
	// Read after the confirmation, so a signed-in owner is seen as confirmed at once.
	const user = await getUser(request);
	const title = t("verifyEmail.metaTitle");
	if (result.ok) {
		return data(
			{
				title,
				state: "confirmed" as const,
				email: result.user.email,
				signedIn: user !== null,
				canResend: false,
			},
			{ headers: MAIL_LINK_HEADERS },
		);
	}
	return data(
		{
			title,
			state: result.problem,
			email: null,
			signedIn: user !== null,
			canResend: user !== null && user.email_verified_at === null,
		},
		{ status: STATUS_BY_PROBLEM[result.problem], headers: MAIL_LINK_HEADERS },
	);
}

/** "Send the link again" (the banner's and this page's button): back where it came from, with a toast. */
export async function action({ request }: ActionFunctionArgs) {
	const user = await requireUser(request);
	await requireSiteOpen(request);
	const formData = await readFormData(request);
	const back = safeRedirectPath(formData.get("redirectTo"), "/account");
	const result = await resendVerification(user, await getLanguage(request), publicOrigin(request));
	if (result.ok) {
		return redirectWithToast(back, {
			type: "success",
			title: "account:verifyEmail.sentTitle",
			description: "account:verifyEmail.sentText",
			values: { email: user.email },
		});
	}
	if (result.problem === "verified") {
		return redirectWithToast(back, { type: "info", title: "account:verifyEmail.alreadyTitle" });
	}
	return data(
		{ problem: "tooMany" as const, back },
		{ status: 429, headers: { ...MAIL_LINK_HEADERS, "Retry-After": "3600" } },
	);
}

export default function VerifyEmailPage() {
	const { t } = useTranslation("account");
	const { state, email, signedIn, canResend } = useLoaderData<typeof loader>();
	const refusal = useActionData<typeof action>();
	if (refusal) {
		return (
			<AuthCard title={t("verifyBanner.label")} intro={t("verifyBanner.title")}>
				<FormAlert title={t("verifyBanner.label")} messages={[t("verifyEmail.tooMany")]} />
				<p className="mt-6">
					<Link to={refusal.back} className="button-primary">
						{t("verifyEmail.back")}
					</Link>
				</p>
			</AuthCard>
		);
	}
	if (state === "confirmed") {
		return (
			<AuthCard title={t("verifyEmail.confirmedTitle")} intro={t("verifyEmail.confirmedText", { email })}>
				<Link to={signedIn ? "/account" : "/login"} className="button-primary">
					{signedIn ? t("verifyEmail.toAccount") : t("verifyEmail.toLogin")}
				</Link>
			</AuthCard>
		);
	}
	return (
		<AuthCard title={t("verifyEmail.failedTitle")} intro={t(`verifyEmail.${state}`)}>
			{canResend ? (
				<ResendVerificationForm redirectTo="/account" />
			) : signedIn ? (
				<p>
					<Link to="/account" className="button-primary">
						{t("verifyEmail.toAccount")}
					</Link>
				</p>
			) : (
				<p className="text-sm text-muted">
					{t("verifyEmail.signInForNew")}{" "}
					<Link
						to={`/login?${new URLSearchParams({ redirectTo: "/account" })}`}
						className="font-semibold text-ink underline underline-offset-4"
					>
						{t("verifyEmail.toLogin")}
					</Link>
				</p>
			)}
		</AuthCard>
	);
}
