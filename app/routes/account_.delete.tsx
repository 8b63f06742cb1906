import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as z from "zod";
import { AuthCard } from "~/components/auth-card";
import { FormAlert } from "~/components/ui/form-alert";
import { Field } from "~/components/ui/form-fields";
import { readFormData } from "~/lib/form.server";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { passRetryAfter } from "~/lib/retry-after";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { checkCurrentPassword, endSession, requireUser } from "~/services/auth.server";
import { requireSiteOpen } from "~/services/maintenance.server";
import { eraseAccount } from "~/services/personal-data.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["account"] } satisfies I18nHandle;

export const headers = passRetryAfter;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{ title: data?.title ?? "FORMA" },
	{ name: "robots", content: "noindex" },
];

const deleteSchema = z.object({
	password: z
		.string({ error: "validation.passwordRequired" })
		.min(1, "validation.passwordRequired")
		.max(1024),
});

/**
 * The confirmation step of "Delete my account" (the account page's section links here): what goes and what
 * stays, the password again, one button. Signed-in only; works without JavaScript (docs/decisions/0032).
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request);
	const t = await i18nServer.getFixedT(await getLanguage(request), "account");
	return data(
		{ title: t("deleteAccount.metaTitle"), username: user.username, isAdmin: user.role === "admin" },
		{ headers: { "Cache-Control": "private, no-store" } },
	);
}

export async function action({ request }: ActionFunctionArgs) {
	const user = await requireUser(request);
	await requireSiteOpen(request);
	const noStore = { "Cache-Control": "private, no-store" };
	const submission = parseWithZod(await readFormData(request), { schema: deleteSchema });
	if (submission.status !== "success")
		return data({ result: submission.reply() }, { status: 400, headers: noStore });
	// The trail and the last-administrator rule hang on an admin's account: another admin demotes it first.
	if (user.role === "admin") {
		return data(
			{ result: submission.reply({ formErrors: ["account:deleteAccount.adminRefused"] }) },
			{ status: 403, headers: noStore },
		);
	}
	const check = await checkCurrentPassword(user, submission.value.password);
	if (!check.ok) {
		const tooMany = check.problem === "tooManyAttempts";
		return data(
			{
				result: submission.reply({
					fieldErrors: {
						password: [tooMany ? "validation.currentPasswordTooMany" : "validation.currentPasswordWrong"],
					},
				}),
			},
			tooMany
				? { status: 429, headers: { ...noStore, "Retry-After": String(check.retryAfterSeconds) } }
				: { status: 400, headers: noStore },
		);
	}
	await eraseAccount(user);
	// The session row went with the account; the cookie goes too.
	const headers = new Headers({ "Set-Cookie": await endSession(request) });
	return redirectWithToast("/", { type: "success", title: "toast.accountDeleted" }, { headers });
}

export default function DeleteAccountPage() {
	const { t } = useTranslation("account");
	const { username, isAdmin } = useLoaderData<typeof loader>();
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const [form, fields] = useForm<z.input<typeof deleteSchema>>({
		id: "delete-account",
		// Checked by the server only: the password must be checked there anyway, and the post reloads the page.
		lastResult: navigation.state === "idle" ? actionData?.result : undefined,
	});
	const deleting = navigation.state === "submitting";
	return (
		<AuthCard title={t("deleteAccount.title")} intro={t("deleteAccount.intro", { username })}>
			<ul className="mb-6 list-disc space-y-2 pl-5 text-sm">
				<li>{t("deleteAccount.goes")}</li>
				<li>{t("deleteAccount.stays")}</li>
				<li>{t("deleteAccount.final")}</li>
			</ul>
			{isAdmin ? (
				<p className="mb-6 rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm">
					{t("deleteAccount.adminRefused")}
				</p>
			) : null}
			{/* A document post, with or without JavaScript: the account and its session end, the page starts afresh. */}
			<Form method="post" reloadDocument className="flex flex-col gap-5" {...getFormProps(form)}>
				<FormAlert title={t("deleteAccount.failedTitle")} messages={form.errors?.map((error) => t(error))} />
				<Field
					meta={fields.password}
					type="password"
					label={t("deleteAccount.password")}
					autoComplete="current-password"
				/>
				<button
					type="submit"
					className="rounded-full bg-accent px-5 py-3 text-sm font-semibold text-paper hover:opacity-90"
					disabled={deleting}
				>
					{deleting ? t("deleteAccount.deleting") : t("deleteAccount.submit")}
				</button>
			</Form>
			<p className="mt-6 text-sm text-muted">
				<Link to="/account#delete-account" className="font-semibold text-ink underline underline-offset-4">
					{t("deleteAccount.cancel")}
				</Link>
			</p>
		</AuthCard>
	);
}
