import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { RowForm } from "~/components/admin/row-form";
import { Field, FormAlert } from "~/components/ui/form-fields";
import { showToast } from "~/components/ui/toaster";
import { readFormData } from "~/lib/form.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { usernameError, usernameFromEmail } from "~/lib/usernames";
import { emailField, newPasswordField, russianPhoneField, usernameField } from "~/lib/validation";
import {
	type AccessChangeError,
	changeUserAccess,
	createUser,
	EmailTakenError,
	listUsers,
	UsernameTakenError,
} from "~/models/users.server";
import { requireAdmin } from "~/services/auth.server";

const ROLES = ["user", "admin"] as const;
const STATUSES = ["active", "blocked"] as const;
const USERS_PATH = "/admin/users";

/** Same rules as registration, plus a role and an optional username (else derived from the email). */
const createSchema = z
	.object({
		intent: z.literal("create"),
		email: emailField(),
		username: usernameField.optional(),
		phone: russianPhoneField.optional(),
		password: newPasswordField,
		role: z.enum(ROLES, { error: "admin:users.errors.role" }),
	})
	.superRefine((value, context) => {
		// Without a chosen username the e-mail's local part becomes one: it must pass the same rules.
		const derivedError = value.username ? null : usernameError(usernameFromEmail(value.email));
		if (derivedError) context.addIssue({ code: "custom", path: ["email"], message: derivedError });
	});

const changeSchema = z.discriminatedUnion("intent", [
	z.object({ intent: z.literal("status"), id: z.coerce.number().int().positive(), status: z.enum(STATUSES) }),
	z.object({ intent: z.literal("role"), id: z.coerce.number().int().positive(), role: z.enum(ROLES) }),
]);

const ERROR_STATUS: Record<AccessChangeError, number> = {
	notFound: 404,
	selfBlock: 403,
	selfDemote: 403,
	lastAdmin: 409,
};

export const meta: MetaFunction<typeof loader> = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request);
	const [users, t] = await Promise.all([
		listUsers(),
		i18nServer.getFixedT(await getLanguage(request), "admin"),
	]);
	return data(
		{
			title: t("users.metaTitle"),
			adding: new URL(request.url).searchParams.has("add"),
			currentUserId: admin.id,
			users,
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

const noStore = { "Cache-Control": "no-store" };

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request);
	const formData = await readFormData(request);
	if (formData.get("intent") === "create") return createFromForm(formData);

	const parsed = changeSchema.safeParse(Object.fromEntries(formData));
	if (!parsed.success) {
		return data(
			{ intent: "change" as const, ok: false as const, id: null, error: "users.errors.invalid" },
			{
				status: 400,
				headers: noStore,
			},
		);
	}
	const { id } = parsed.data;
	const change =
		parsed.data.intent === "status" ? { status: parsed.data.status } : { role: parsed.data.role };
	const result = await changeUserAccess(id, change, admin.id);
	if (!result.ok) {
		return data(
			{ intent: "change" as const, ok: false as const, id, error: `users.errors.${result.error}` },
			{ status: ERROR_STATUS[result.error], headers: noStore },
		);
	}
	const toast = {
		type: "success" as const,
		title: `admin:users.toast.${"status" in change ? change.status : change.role}`,
		values: { username: result.user.username },
	};
	// Without JavaScript the row's form posts normally and the page comes back with a toast.
	if (formData.has("redirect")) return redirectWithToast(USERS_PATH, toast);
	return data({ intent: "change" as const, ok: true as const, id, error: null, toast }, { headers: noStore });
}

async function createFromForm(formData: FormData) {
	const submission = parseWithZod(formData, { schema: createSchema });
	if (submission.status !== "success") {
		return data({ intent: "create" as const, result: submission.reply() }, { status: 400, headers: noStore });
	}
	const { email, username, phone, password, role } = submission.value;
	try {
		const user = await createUser({ email, username, phone: phone ?? null, password, role });
		return redirectWithToast(USERS_PATH, {
			type: "success",
			title: "admin:users.toast.created",
			values: { username: user.username },
		});
	} catch (error) {
		// Taken is decided by the insert's own transaction (and the unique index), so two admins adding the
		// same name at once both get an answer next to the field, never a crash.
		const field =
			error instanceof EmailTakenError
				? { email: ["validation.emailTaken"] }
				: error instanceof UsernameTakenError
					? { [username ? "username" : "email"]: ["admin:users.errors.usernameTaken"] }
					: null;
		if (!field) throw error;
		return data(
			{ intent: "create" as const, result: submission.reply({ fieldErrors: field }) },
			{ status: 409, headers: noStore },
		);
	}
}

const smallButton =
	"h-9 rounded-lg border border-line px-3 text-xs font-semibold hover:border-ink disabled:cursor-wait disabled:opacity-60";

export default function AdminUsers() {
	const { t } = useTranslation("admin");
	const { adding, users, currentUserId } = useLoaderData<typeof loader>();
	const actionData = useActionData<typeof action>();
	const changeError = actionData?.intent === "change" && !actionData.ok ? actionData.error : null;
	return (
		<div>
			<AdminPageHeader title={t("users.title")}>
				{adding ? null : (
					<Link to="?add" className="button-primary">
						{t("users.add")}
					</Link>
				)}
			</AdminPageHeader>
			{changeError ? (
				<div className="mt-6">
					<FormAlert title={t("users.errorTitle")} messages={[t(changeError)]} />
				</div>
			) : null}
			{adding ? <AddUserForm /> : null}
			<AdminTable
				caption={t("users.caption")}
				minWidth="min-w-[52rem]"
				columns={[
					t("users.id"),
					t("users.username"),
					t("users.email"),
					t("users.role"),
					t("users.status"),
					t("users.actions"),
				]}
			>
				{users.map((user) => (
					<UserRow key={user.id} user={user} self={user.id === currentUserId} />
				))}
			</AdminTable>
		</div>
	);
}

interface UserRowData {
	id: number;
	username: string;
	email: string;
	role: "user" | "admin";
	status: "active" | "blocked";
}

/** One row: each action is its own small form (a fetcher with JavaScript), with its own pending state. */
function UserRow({ user, self }: { user: UserRowData; self: boolean }) {
	const { t } = useTranslation("admin");
	const statusFetcher = useFetcher<typeof action>({ key: `user-status-${user.id}` });
	const roleFetcher = useFetcher<typeof action>({ key: `user-role-${user.id}` });
	const pendingStatus = statusFetcher.formData?.get("status");
	const pendingRole = roleFetcher.formData?.get("role");
	// Optimistic: show what was asked for while it saves.
	const status = pendingStatus === "active" || pendingStatus === "blocked" ? pendingStatus : user.status;
	const role = pendingRole === "user" || pendingRole === "admin" ? pendingRole : user.role;
	const error = [statusFetcher.data, roleFetcher.data]
		.map((result) => (result?.intent === "change" && !result.ok ? result.error : null))
		.find(Boolean);
	useToastOnSuccess(statusFetcher);
	useToastOnSuccess(roleFetcher);
	return (
		<tr className="border-b border-line align-top" data-testid="user-row">
			<td className="py-3 pr-4 text-muted">{user.id}</td>
			<th scope="row" className="py-3 pr-4 font-semibold">
				{user.username}
				{self ? <span className="ml-2 text-xs font-normal text-muted">({t("users.you")})</span> : null}
			</th>
			<td className="py-3 pr-4">{user.email}</td>
			<td className="py-3 pr-4">{t(`users.roles.${role}`)}</td>
			<td className="py-3 pr-4">
				<span
					className={
						status === "active"
							? "rounded-full bg-ink/5 px-2 py-0.5"
							: "rounded-full bg-accent/15 px-2 py-0.5 text-accent"
					}
				>
					{t(`users.statuses.${status}`)}
				</span>
			</td>
			<td className="py-3">
				{self ? (
					<span className="text-xs text-muted">{t("users.selfHint")}</span>
				) : (
					<div className="flex flex-wrap gap-2">
						<RowForm fetcher={statusFetcher} action={USERS_PATH} id={user.id} intent="status">
							<input type="hidden" name="status" value={status === "active" ? "blocked" : "active"} />
							<button
								type="submit"
								className={smallButton}
								disabled={statusFetcher.state !== "idle"}
								aria-label={t(status === "active" ? "users.blockNamed" : "users.activateNamed", {
									username: user.username,
								})}
							>
								{statusFetcher.state !== "idle"
									? t("users.saving")
									: t(status === "active" ? "users.block" : "users.activate")}
							</button>
						</RowForm>
						<RowForm fetcher={roleFetcher} action={USERS_PATH} id={user.id} intent="role">
							<input type="hidden" name="role" value={role === "admin" ? "user" : "admin"} />
							<button
								type="submit"
								className={smallButton}
								disabled={roleFetcher.state !== "idle"}
								aria-label={t(role === "admin" ? "users.makeUserNamed" : "users.makeAdminNamed", {
									username: user.username,
								})}
							>
								{roleFetcher.state !== "idle"
									? t("users.saving")
									: t(role === "admin" ? "users.makeUser" : "users.makeAdmin")}
							</button>
						</RowForm>
					</div>
				)}
				{error ? (
					<p role="alert" className="mt-2 text-xs font-medium text-accent">
						{t(error)}
					</p>
				) : null}
			</td>
		</tr>
	);
}

type RowFetcher = ReturnType<typeof useFetcher<typeof action>>;

function useToastOnSuccess(fetcher: RowFetcher) {
	const result = fetcher.state === "idle" ? fetcher.data : undefined;
	useEffect(() => {
		if (result?.intent === "change" && result.ok) showToast(result.toast);
	}, [result]);
}

function AddUserForm() {
	const { t } = useTranslation("admin");
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const [form, fields] = useForm({
		id: "add-user",
		lastResult: actionData?.intent === "create" ? actionData.result : undefined,
		defaultValue: { role: "user", phone: "" },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: createSchema }),
		shouldValidate: "onBlur",
		shouldRevalidate: "onInput",
	});
	const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
	const { key: _key, ...roleSelect } = getSelectProps(fields.role);
	return (
		<section aria-labelledby="add-user-title" className="mt-8 max-w-xl rounded-2xl border border-line p-6">
			<h2 id="add-user-title" className="font-display text-xl font-semibold">
				{t("users.addTitle")}
			</h2>
			<Form
				method="post"
				action={`${USERS_PATH}?add`}
				className="mt-5 flex flex-col gap-5"
				{...getFormProps(form)}
			>
				<input type="hidden" name="intent" value="create" />
				<FormAlert messages={form.errors?.map((error) => t(error, { ns: "common" }))} />
				<Field meta={fields.email} type="email" label={t("users.email")} autoComplete="off" />
				<Field
					meta={fields.username}
					type="text"
					label={t("users.usernameOptional")}
					hint={t("users.usernameHint")}
					autoComplete="off"
					autoCapitalize="none"
					spellCheck={false}
				/>
				<Field
					meta={fields.phone}
					type="tel"
					label={t("users.phoneOptional")}
					hint={t("users.phoneHint")}
					autoComplete="off"
					inputMode="tel"
				/>
				<Field
					meta={fields.password}
					type="password"
					label={t("users.password")}
					hint={t("users.passwordHint")}
					autoComplete="new-password"
				/>
				<div className="flex flex-col gap-1.5">
					<label htmlFor={fields.role.id} className="text-sm font-semibold">
						{t("users.role")}
					</label>
					<select {...roleSelect} className="h-12 rounded-lg border border-line bg-card px-4">
						{ROLES.map((option) => (
							<option key={option} value={option}>
								{t(`users.roles.${option}`)}
							</option>
						))}
					</select>
				</div>
				<div className="flex flex-wrap items-center gap-3">
					<button type="submit" className="button-primary" disabled={submitting}>
						{submitting ? t("users.creating") : t("users.create")}
					</button>
					<Link to={USERS_PATH} className="px-3 py-2 text-sm font-semibold text-muted hover:text-ink">
						{t("users.cancel")}
					</Link>
				</div>
			</Form>
		</section>
	);
}
