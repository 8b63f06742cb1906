import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/ui/form-fields";
import { useTranslation } from "~/lib/translations";
import type { action } from "./route";
import { passwordSchema, phoneSchema } from "./schemas";

/** A new phone number for the account. */
export function PhoneForm({ phone }: { phone: string | null }) {
	const { t } = useTranslation("account");
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const [form, fields] = useForm({
		id: "phone-form",
		lastResult: navigation.state === "idle" && actionData?.intent === "phone" ? actionData.result : undefined,
		defaultValue: { phone: phone ?? "+7" },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: phoneSchema }),
		shouldValidate: "onBlur",
	});
	const saving = navigation.formData?.get("intent") === "phone";
	return (
		<Form method="post" className="flex max-w-md flex-col gap-4" {...getFormProps(form)}>
			<h3 className="font-semibold">{t("account.changePhone")}</h3>
			<input type="hidden" name="intent" value="phone" />
			<Field meta={fields.phone} type="tel" label={t("account.newPhone")} autoComplete="tel" />
			<button type="submit" className="button-primary self-start" disabled={saving}>
				{saving ? t("account.saving") : t("account.savePhone")}
			</button>
		</Form>
	);
}

/** A new password, given the current one. */
export function PasswordForm() {
	const { t } = useTranslation("account");
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const [form, fields] = useForm({
		id: "password-form",
		lastResult:
			navigation.state === "idle" && actionData?.intent === "password" ? actionData.result : undefined,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordSchema }),
		shouldValidate: "onBlur",
	});
	const saving = navigation.formData?.get("intent") === "password";
	return (
		<Form method="post" className="flex max-w-md flex-col gap-4" {...getFormProps(form)}>
			<h3 className="font-semibold">{t("account.changePassword")}</h3>
			<input type="hidden" name="intent" value="password" />
			<Field
				meta={fields.currentPassword}
				type="password"
				label={t("account.currentPassword")}
				autoComplete="current-password"
			/>
			<Field
				meta={fields.newPassword}
				type="password"
				label={t("account.newPassword")}
				autoComplete="new-password"
			/>
			<button type="submit" className="button-primary self-start" disabled={saving}>
				{saving ? t("account.saving") : t("account.savePassword")}
			</button>
		</Form>
	);
}
