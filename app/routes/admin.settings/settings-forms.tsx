import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, type useLoaderData, useNavigation } from "@remix-run/react";
import { EditConflictNotice } from "~/components/admin/edit-conflict-notice";
import { FormAlert } from "~/components/ui/form-alert";
import { CheckboxField, Field } from "~/components/ui/form-fields";
import { VERSION_FIELD } from "~/lib/edit-conflict";
import { useTranslation } from "~/lib/translations";
import type { action, loader } from "./route";
import { generalSchema, notificationsSchema, SETTINGS_PATH, sellerSchema, type Tab } from "./settings-schema";

type SettingsView = ReturnType<typeof useLoaderData<typeof loader>>["settings"];

/**
 * What every settings form carries besides its fields: the row's version (after a conflict, the one it
 * carries from now on), the conflict's notice on the tab that was refused, and form-level messages.
 */
function SettingsFormHead({
	tab,
	settings,
	errors,
}: {
	tab: Tab;
	settings: SettingsView;
	errors: string[] | undefined;
}) {
	const { t } = useTranslation("admin");
	const actionData = useActionData<typeof action>();
	const conflict = actionData?.conflict ?? null;
	return (
		<>
			<input type="hidden" name="tab" value={tab} />
			<input type="hidden" name={VERSION_FIELD} value={conflict?.version ?? settings.version} />
			{conflict && actionData?.tab === tab ? (
				<EditConflictNotice entity="settings" conflict={conflict} message={t("conflicts.settings")} />
			) : null}
			<FormAlert
				title={t("settings.errorTitle")}
				messages={errors?.map((error) => t(error, { ns: "common" }))}
			/>
		</>
	);
}

function SaveButton({ tab }: { tab: Tab }) {
	const { t } = useTranslation("admin");
	const navigation = useNavigation();
	const saving = navigation.state === "submitting" && navigation.formData?.get("tab") === tab;
	return (
		<button type="submit" className="button-primary self-start" disabled={saving}>
			{saving ? t("settings.saving") : t("settings.save")}
		</button>
	);
}

export function GeneralForm({ settings }: { settings: SettingsView }) {
	const { t } = useTranslation("admin");
	const actionData = useActionData<typeof action>();
	const [form, fields] = useForm({
		id: "settings-general",
		lastResult: actionData?.tab === "general" ? actionData.result : undefined,
		defaultValue: {
			shopName: settings.shopName,
			shopDescription: settings.shopDescription,
			maintenanceMode: settings.maintenanceMode,
			allowRegistration: settings.allowRegistration,
			audioUrl: settings.audioUrl,
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: generalSchema }),
		shouldValidate: "onBlur",
		shouldRevalidate: "onInput",
	});
	return (
		<Form
			method="post"
			action={`${SETTINGS_PATH}?tab=general`}
			className="flex flex-col gap-5"
			{...getFormProps(form)}
		>
			<SettingsFormHead tab="general" settings={settings} errors={form.errors} />
			<Field meta={fields.shopName} type="text" label={t("settings.shopName")} />
			<Field meta={fields.shopDescription} type="text" label={t("settings.shopDescription")} />
			<Field
				meta={fields.audioUrl}
				type="text"
				label={t("settings.audioUrl")}
				hint={t("settings.audioUrlHint")}
				autoComplete="off"
				spellCheck={false}
			/>
			<CheckboxField
				meta={fields.maintenanceMode}
				label={t("settings.maintenanceMode")}
				hint={t("settings.maintenanceHint")}
			/>
			<CheckboxField
				meta={fields.allowRegistration}
				label={t("settings.allowRegistration")}
				hint={t("settings.allowRegistrationHint")}
			/>
			<SaveButton tab="general" />
		</Form>
	);
}

export function NotificationsForm({ settings }: { settings: SettingsView }) {
	const { t } = useTranslation("admin");
	const actionData = useActionData<typeof action>();
	const [form, fields] = useForm({
		id: "settings-notifications",
		lastResult: actionData?.tab === "notifications" ? actionData.result : undefined,
		defaultValue: {
			emailNotifications: settings.emailNotifications,
			adminEmail: settings.adminEmail,
			buyerStatusEmails: settings.buyerStatusEmails,
			salesEmail: settings.salesEmail,
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: notificationsSchema }),
		shouldValidate: "onBlur",
		shouldRevalidate: "onInput",
	});
	return (
		<Form
			method="post"
			action={`${SETTINGS_PATH}?tab=notifications`}
			className="flex flex-col gap-5"
			{...getFormProps(form)}
		>
			<SettingsFormHead tab="notifications" settings={settings} errors={form.errors} />
			{settings.emailNotifications && !settings.adminEmail.trim() ? (
				// Saved that way before the address became required (or seeded so): say so where it is fixed.
				<p
					className="rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm"
					data-testid="no-admin-email"
				>
					{t("settings.noAdminEmail")}
				</p>
			) : null}
			<CheckboxField
				meta={fields.emailNotifications}
				label={t("settings.emailNotifications")}
				hint={t("settings.emailNotificationsHint")}
			/>
			<Field
				meta={fields.adminEmail}
				type="email"
				label={t("settings.adminEmail")}
				hint={t("settings.adminEmailHint")}
				autoComplete="off"
			/>
			<CheckboxField
				meta={fields.buyerStatusEmails}
				label={t("settings.buyerStatusEmails")}
				hint={t("settings.buyerStatusEmailsHint")}
			/>
			<Field
				meta={fields.salesEmail}
				type="email"
				label={t("settings.salesEmail")}
				hint={t("settings.salesEmailHint")}
				autoComplete="off"
			/>
			<SaveButton tab="notifications" />
		</Form>
	);
}

/** The shop's English name, the seller's legal details and the retention period (decision 0032). */
export function SellerForm({ settings }: { settings: SettingsView }) {
	const { t } = useTranslation("admin");
	const actionData = useActionData<typeof action>();
	const [form, fields] = useForm({
		id: "settings-seller",
		lastResult: actionData?.tab === "seller" ? actionData.result : undefined,
		defaultValue: {
			shopNameEn: settings.shopNameEn,
			sellerLegalName: settings.sellerLegalName,
			sellerInn: settings.sellerInn,
			sellerOgrn: settings.sellerOgrn,
			sellerLegalAddress: settings.sellerLegalAddress,
			privacyEmail: settings.privacyEmail,
			retentionMonths: String(settings.retentionMonths),
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: sellerSchema }),
		shouldValidate: "onBlur",
		shouldRevalidate: "onInput",
	});
	return (
		<Form
			method="post"
			action={`${SETTINGS_PATH}?tab=seller`}
			className="flex flex-col gap-5"
			{...getFormProps(form)}
		>
			<SettingsFormHead tab="seller" settings={settings} errors={form.errors} />
			<Field meta={fields.shopNameEn} type="text" label={t("settings.shopNameEn")} />
			<Field
				meta={fields.sellerLegalName}
				type="text"
				label={t("settings.sellerLegalName")}
				hint={t("settings.sellerLegalNameHint")}
			/>
			<Field
				meta={fields.sellerInn}
				type="text"
				inputMode="numeric"
				label={t("settings.sellerInn")}
				hint={t("settings.sellerInnHint")}
				autoComplete="off"
			/>
			<Field
				meta={fields.sellerOgrn}
				type="text"
				inputMode="numeric"
				label={t("settings.sellerOgrn")}
				hint={t("settings.sellerOgrnHint")}
				autoComplete="off"
			/>
			<Field meta={fields.sellerLegalAddress} type="text" label={t("settings.sellerLegalAddress")} />
			<Field
				meta={fields.privacyEmail}
				type="email"
				label={t("settings.privacyEmail")}
				hint={t("settings.privacyEmailHint")}
				autoComplete="off"
			/>
			<Field
				meta={fields.retentionMonths}
				type="number"
				min={1}
				max={120}
				label={t("settings.retentionMonths")}
				hint={t("settings.retentionMonthsHint")}
			/>
			<SaveButton tab="seller" />
		</Form>
	);
}
