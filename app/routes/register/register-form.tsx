import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { ConsentCheckbox } from "~/components/consent-checkbox";
import { FormAlert } from "~/components/ui/form-alert";
import { Field } from "~/components/ui/form-fields";
import { FormTokenField } from "~/components/ui/form-token-field";
import { useTranslation } from "~/lib/translations";
import { useCatchUpValidation, useLazyValidation } from "~/lib/use-lazy-validation";
import type { action } from "./route";

const loadValidator = () => import("./schema").then((schema) => schema.validateRegistration);

/** The registration form, with its checks in the browser (Conform). */
export function RegisterForm({
	formToken,
	consentVersion,
	favourite,
}: {
	formToken: string | null;
	/** The version of the account consent in force. */
	consentVersion: number | null;
	/** The piece a guest tapped ♥ on: the new account saves it. */
	favourite?: string;
}) {
	const { t } = useTranslation("account");
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const validation = useLazyValidation(loadValidator, "onBlur");
	const [form, fields] = useForm({
		id: "register",
		lastResult: actionData?.result,
		defaultValue: { phone: "+7" },
		...validation.formOptions,
		shouldRevalidate: "onInput",
	});
	useCatchUpValidation(validation, form);
	const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/register");
	// A refused token's answer brings a fresh one (no loader runs after a refused post).
	const refusedToken = actionData && "formToken" in actionData ? String(actionData.formToken) : null;
	return (
		<Form method="post" className="flex flex-col gap-5" {...getFormProps(form)} {...validation.formProps}>
			<FormTokenField token={refusedToken ?? formToken} />
			{favourite ? <input type="hidden" name="favourite" value={favourite} /> : null}
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
			<ConsentCheckbox meta={fields.consent} purpose="account" version={consentVersion} />
			<button type="submit" className="button-primary mt-2" disabled={submitting}>
				{submitting ? t("register.submitting") : t("register.submit")}
			</button>
		</Form>
	);
}
