import { getFormProps, useForm } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { FormAlert } from "~/components/ui/form-alert";
import { Field } from "~/components/ui/form-fields";
import { useTranslation } from "~/lib/translations";
import { useCatchUpValidation, useLazyValidation } from "~/lib/use-lazy-validation";
import type { action } from "./route";

const loadValidator = () => import("./schema").then((schema) => schema.validateLogin);

/** The sign-in form, with its checks in the browser (Conform); `favourite`: the piece the sign-in saves. */
export function LoginForm({ redirectTo, favourite }: { redirectTo: string; favourite?: string }) {
	const { t } = useTranslation("account");
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const validation = useLazyValidation(loadValidator, "onSubmit");
	const [form, fields] = useForm({
		id: "login",
		lastResult: actionData?.result,
		constraint: { username: { required: true }, password: { required: true } },
		...validation.formOptions,
		shouldRevalidate: "onInput",
	});
	useCatchUpValidation(validation, form);
	const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/login");
	return (
		<Form method="post" className="flex flex-col gap-5" {...getFormProps(form)} {...validation.formProps}>
			<FormAlert title={t("login.failedTitle")} messages={form.errors?.map((error) => t(error))} />
			{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
			{favourite ? <input type="hidden" name="favourite" value={favourite} /> : null}
			<Field
				meta={fields.username}
				type="text"
				label={t("login.username")}
				autoComplete="username"
				autoCapitalize="none"
				spellCheck={false}
			/>
			<Field
				meta={fields.password}
				type="password"
				label={t("login.password")}
				autoComplete="current-password"
			/>
			<button type="submit" className="button-primary mt-2" disabled={submitting}>
				{submitting ? t("login.submitting") : t("login.submit")}
			</button>
		</Form>
	);
}
