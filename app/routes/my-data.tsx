import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as z from "zod";
import { AuthCard } from "~/components/auth-card";
import { FormAlert } from "~/components/ui/form-alert";
import { Field } from "~/components/ui/form-fields";
import { publicOrigin } from "~/lib/env.server";
import { readFormData } from "~/lib/form.server";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { MAIL_LINK_HEADERS, mailLinkPageHeaders, mailLinkPageMeta } from "~/lib/mail-link-page";
import { clientAddress } from "~/lib/rate-limit.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { emailField } from "~/lib/validation";
import { requireSiteOpen } from "~/services/maintenance.server";
import {
	checkDataLink,
	eraseWithLink,
	personalDataLinkRequests,
	requestPersonalDataLink,
} from "~/services/personal-data.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["account"] } satisfies I18nHandle;

/** The address may hold a one-time token: never cached, indexed or told to other sites (mail-link-page.ts). */
export const headers = mailLinkPageHeaders;
export const meta = mailLinkPageMeta;

const requestSchema = z.object({
	intent: z.literal("request"),
	email: emailField("validation.emailInvalid"),
});

/**
 * A guest's data (docs/decisions/0032): without a token, the form that mails a one-time link for an address;
 * with the link's token, what can be done with the data kept for that address — download it (the link keeps
 * working for its hour) or erase it (after a confirmation; that uses the link up).
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const t = await i18nServer.getFixedT(await getLanguage(request), "account");
	const token = new URL(request.url).searchParams.get("token") ?? "";
	if (!token) return data({ title: t("myData.metaTitle"), link: null }, { headers: MAIL_LINK_HEADERS });
	const check = await checkDataLink(token);
	return data(
		{
			title: t("myData.metaTitle"),
			link: check.ok
				? { ok: true as const, token, email: check.email }
				: { ok: false as const, problem: check.problem },
		},
		{ headers: MAIL_LINK_HEADERS, status: check.ok ? 200 : 410 },
	);
}

export async function action({ request }: ActionFunctionArgs) {
	await requireSiteOpen(request);
	const formData = await readFormData(request);
	const intent = formData.get("intent");
	const token = String(formData.get("token") ?? "");
	if (intent === "erase") {
		const check = await checkDataLink(token);
		if (!check.ok)
			return data(
				{ step: "problem" as const, problem: check.problem },
				{ status: 410, headers: MAIL_LINK_HEADERS },
			);
		return data({ step: "confirm" as const }, { headers: MAIL_LINK_HEADERS });
	}
	if (intent === "erase-confirmed") {
		const result = await eraseWithLink(token);
		if (!result.ok)
			return data(
				{ step: "problem" as const, problem: result.problem },
				{ status: 410, headers: MAIL_LINK_HEADERS },
			);
		return redirectWithToast("/", { type: "success", title: "toast.dataErased" });
	}
	const submission = parseWithZod(formData, { schema: requestSchema });
	if (submission.status !== "success") {
		return data(
			{ step: "request" as const, result: submission.reply(), sentTo: null },
			{ status: 400, headers: MAIL_LINK_HEADERS },
		);
	}
	const attempt = await personalDataLinkRequests.hit(`address:${clientAddress(request)}`);
	if (!attempt.allowed) {
		return data(
			{
				step: "request" as const,
				result: submission.reply({ formErrors: ["account:myData.tooManyAttempts"] }),
				sentTo: null,
			},
			{ status: 429, headers: { ...MAIL_LINK_HEADERS, "Retry-After": String(attempt.retryAfterSeconds) } },
		);
	}
	const { email } = submission.value;
	// The same answer whether or not we hold anything for the address (or it is over its hourly share).
	await requestPersonalDataLink({
		email,
		language: await getLanguage(request),
		origin: publicOrigin(request),
	});
	return data(
		{ step: "request" as const, result: submission.reply({ resetForm: true }), sentTo: email },
		{ headers: MAIL_LINK_HEADERS },
	);
}

export default function MyDataPage() {
	const { link } = useLoaderData<typeof loader>();
	const actionData = useActionData<typeof action>();
	if (actionData?.step === "problem") return <LinkProblem problem={actionData.problem} />;
	if (!link) return <RequestLinkForm />;
	if (!link.ok) return <LinkProblem problem={link.problem} />;
	return <DataActions token={link.token} email={link.email} confirming={actionData?.step === "confirm"} />;
}

function RequestLinkForm() {
	const { t } = useTranslation("account");
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const result = actionData?.step === "request" ? actionData : undefined;
	const [form, fields] = useForm({
		id: "my-data",
		lastResult: navigation.state === "idle" ? result?.result : undefined,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: requestSchema }),
		shouldValidate: "onBlur",
	});
	return (
		<AuthCard title={t("myData.title")} intro={t("myData.intro")}>
			{result?.sentTo ? (
				<div role="status" className="mb-6 rounded-lg border border-line bg-paper px-4 py-3 text-sm">
					<p className="font-semibold">{t("myData.sentTitle")}</p>
					<p className="mt-1">{t("myData.sent", { email: result.sentTo })}</p>
				</div>
			) : null}
			<Form method="post" className="flex flex-col gap-5" {...getFormProps(form)}>
				<input type="hidden" name="intent" value="request" />
				<FormAlert title={t("myData.failedTitle")} messages={form.errors?.map((error) => t(error))} />
				<Field
					meta={fields.email}
					type="email"
					label={t("myData.email")}
					autoComplete="email"
					autoCapitalize="none"
					spellCheck={false}
				/>
				<button type="submit" className="button-primary mt-2" disabled={navigation.state === "submitting"}>
					{t("myData.submit")}
				</button>
			</Form>
			<p className="mt-6 text-sm text-muted">
				{t("myData.haveAccount")}{" "}
				<Link to="/account#delete-account" className="font-semibold text-ink underline underline-offset-4">
					{t("myData.accountLink")}
				</Link>
			</p>
		</AuthCard>
	);
}

function LinkProblem({ problem }: { problem: "invalid" | "expired" | "used" }) {
	const { t } = useTranslation("account");
	return (
		<AuthCard title={t("myData.problemTitle")} intro={t(`myData.problems.${problem}`)}>
			<Link to="/my-data" className="button-primary">
				{t("myData.askAgain")}
			</Link>
		</AuthCard>
	);
}

function DataActions({ token, email, confirming }: { token: string; email: string; confirming: boolean }) {
	const { t } = useTranslation("account");
	return (
		<AuthCard title={t("myData.linkTitle")} intro={t("myData.linkIntro", { email })}>
			<div className="flex flex-col gap-8">
				{/* A document post: the browser saves the file, with or without JavaScript. */}
				<Form
					method="post"
					action="/my-data/download"
					reloadDocument
					className="flex flex-col items-start gap-3"
				>
					<input type="hidden" name="token" value={token} />
					<p className="text-sm text-muted">{t("myData.downloadText")}</p>
					<button type="submit" className="button-primary">
						{t("myData.download")}
					</button>
				</Form>
				<Form method="post" className="flex flex-col items-start gap-3">
					<input type="hidden" name="token" value={token} />
					{confirming ? (
						<>
							<p role="alert" className="rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm">
								{t("myData.confirmText", { email })}
							</p>
							<button
								type="submit"
								name="intent"
								value="erase-confirmed"
								className="rounded-full bg-accent px-5 py-3 text-sm font-semibold text-paper hover:opacity-90"
							>
								{t("myData.eraseConfirm")}
							</button>
						</>
					) : (
						<>
							<p className="text-sm text-muted">{t("myData.eraseText")}</p>
							<button
								type="submit"
								name="intent"
								value="erase"
								className="rounded-full border border-accent px-5 py-2.5 text-sm font-semibold text-accent hover:bg-accent hover:text-paper"
							>
								{t("myData.erase")}
							</button>
						</>
					)}
				</Form>
			</div>
		</AuthCard>
	);
}
