import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { FormAlert } from "~/components/ui/form-alert";
import { Field, SelectField } from "~/components/ui/form-fields";
import { FormTokenField } from "~/components/ui/form-token-field";
import { useTranslation } from "~/lib/translations";
import type { action } from "./route";
import { createSchema, ROLES, USERS_PATH } from "./user-schemas";

/**
 * `?add`: same rules as registration, plus a role and an optional username. It carries a one-time token
 * (`formToken`, from the loader; a refused post's answer brings a fresh one).
 */
export function AddUserForm({ formToken }: { formToken?: string | null }) {
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
	const refusedToken =
		actionData?.intent === "create" && "formToken" in actionData ? String(actionData.formToken) : undefined;
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
				<FormTokenField token={refusedToken ?? formToken} />
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
				<SelectField meta={fields.role} label={t("users.role")}>
					{ROLES.map((option) => (
						<option key={option} value={option}>
							{t(`users.roles.${option}`)}
						</option>
					))}
				</SelectField>
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
