import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { type KeyboardEvent, useRef } from "react";
import * as z from "zod";
import { EditConflictNotice } from "~/components/admin/edit-conflict-notice";
import { FormAlert } from "~/components/ui/form-alert";
import { CheckboxField, Field } from "~/components/ui/form-fields";
import { type EditConflict, parseVersion, VERSION_FIELD } from "~/lib/edit-conflict";
import { readFormData } from "~/lib/form.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { adminMeta } from "~/lib/seo";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";
import { emailField } from "~/lib/validation";
import { describeConflict, EditConflictError } from "~/models/edit-conflicts.server";
import { DEFAULT_AUDIO_URL, getSettings, updateSettings } from "~/models/settings.server";
import { requireAdmin } from "~/services/auth.server";

const TABS = ["general", "notifications"] as const;
type Tab = (typeof TABS)[number];
const SETTINGS_PATH = "/admin/settings";

function isTab(value: unknown): value is Tab {
	return typeof value === "string" && (TABS as readonly string[]).includes(value);
}

/**
 * The header's audio track: a file path on this site, nothing else. Media may only come from our own
 * origin (CSP `media-src 'self'`), and a track elsewhere would tell another site about every visitor. No
 * scheme, no "//host", no backslash or anything a browser might read as one.
 */
const SITE_FILE_PATH = /^(?!.*\/\/)\/[\w\-.~%/]*$/;

/** Each tab is its own form and saves only its own fields. Unchecked boxes post nothing: off. */
const generalSchema = z.object({
	tab: z.literal("general"),
	shopName: z
		.string({ error: "admin:settings.errors.shopNameRequired" })
		.trim()
		.min(1, "admin:settings.errors.shopNameRequired")
		.max(200, "validation.tooLong"),
	shopDescription: z.string().trim().max(2000, "validation.tooLong").default(""),
	maintenanceMode: z.boolean().default(false),
	allowRegistration: z.boolean().default(false),
	// Empty: the track that ships with the site.
	audioUrl: z
		.string()
		.trim()
		.max(500, "validation.tooLong")
		.regex(SITE_FILE_PATH, "admin:settings.errors.audioUrlNotOnSite")
		.default(DEFAULT_AUDIO_URL),
});

/** Notifications on with nowhere to send them would lose every request silently: the address is then required. */
const notificationsSchema = z
	.object({
		tab: z.literal("notifications"),
		emailNotifications: z.boolean().default(false),
		adminEmail: emailField("admin:settings.errors.adminEmailInvalid").optional(),
		buyerStatusEmails: z.boolean().default(false),
	})
	.refine((value) => !value.emailNotifications || Boolean(value.adminEmail), {
		path: ["adminEmail"],
		message: "admin:settings.errors.adminEmailRequired",
	});

export const meta: MetaFunction<typeof loader> = adminMeta;

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request);
	const [settings, t] = await Promise.all([
		getSettings(),
		i18nServer.getFixedT(await getLanguage(request), "admin"),
	]);
	return data(
		{
			title: t("settings.metaTitle"),
			settings: {
				shopName: settings.shop_name,
				shopDescription: settings.shop_description,
				maintenanceMode: settings.maintenance_mode === 1,
				allowRegistration: settings.allow_registration === 1,
				emailNotifications: settings.email_notifications === 1,
				adminEmail: settings.admin_email,
				buyerStatusEmails: settings.buyer_status_emails === 1,
				audioUrl: settings.audio_url,
				version: settings.version,
			},
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdmin(request);
	const formData = await readFormData(request);
	const tab = formData.get("tab") === "notifications" ? "notifications" : "general";
	const submission =
		tab === "general"
			? parseWithZod(formData, { schema: generalSchema })
			: parseWithZod(formData, { schema: notificationsSchema });
	const noStore = { "Cache-Control": "no-store" };
	// One row, one version, whichever tab saved (docs/decisions/0023): only ever compared here.
	const version = parseVersion(formData.get(VERSION_FIELD));
	if (version === null) {
		const result = submission.reply({ formErrors: ["admin:conflicts.versionMissing"] });
		return data({ tab, result, conflict: null }, { status: 400, headers: noStore });
	}
	if (submission.status !== "success") {
		return data({ tab, result: submission.reply(), conflict: null }, { status: 400, headers: noStore });
	}
	const value = submission.value;
	try {
		await updateSettings(
			value.tab === "general"
				? value
				: {
						emailNotifications: value.emailNotifications,
						adminEmail: value.adminEmail ?? "",
						buyerStatusEmails: value.buyerStatusEmails,
					},
			admin,
			version,
		);
	} catch (error) {
		if (!(error instanceof EditConflictError)) throw error;
		// Someone saved first: nothing was written; the form comes back as it was sent, with what changed.
		const conflict: EditConflict | null = await describeConflict("settings", 1, version);
		return data({ tab, result: submission.reply(), conflict }, { status: 409, headers: noStore });
	}
	return redirectWithToast(`${SETTINGS_PATH}?tab=${tab}`, { type: "success", title: "admin:settings.saved" });
}

export default function AdminSettings() {
	const { t } = useTranslation("admin");
	const { settings } = useLoaderData<typeof loader>();
	const [searchParams] = useSearchParams();
	const requested = searchParams.get("tab");
	const current: Tab = isTab(requested) ? requested : "general";
	return (
		<div>
			<h1 className="font-display text-3xl font-semibold">{t("settings.title")}</h1>
			{settings.maintenanceMode ? (
				<p className="mt-4 rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm">
					{t("settings.maintenanceOn")}
				</p>
			) : null}
			<SettingsTabs current={current} />
			<div className="mt-6 max-w-xl">
				{/* Both panels stay in the page so switching tabs keeps what was typed; one is shown. */}
				<TabPanel tab="general" current={current}>
					<GeneralForm settings={settings} />
				</TabPanel>
				<TabPanel tab="notifications" current={current}>
					<NotificationsForm settings={settings} />
				</TabPanel>
			</div>
		</div>
	);
}

/**
 * Without JavaScript the tabs are links (`?tab=…`, the current one marked aria-current). With it they
 * become an ARIA tablist: arrow keys, Home and End move between tabs, and the URL follows.
 */
function SettingsTabs({ current }: { current: Tab }) {
	const { t } = useTranslation("admin");
	const hydrated = useHydrated();
	const [, setSearchParams] = useSearchParams();
	const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ general: null, notifications: null });
	const select = (tab: Tab, focus = false) => {
		setSearchParams({ tab }, { replace: true, preventScrollReset: true });
		if (focus) refs.current[tab]?.focus();
	};
	const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
		const index = TABS.indexOf(current);
		const next =
			event.key === "ArrowRight"
				? TABS[(index + 1) % TABS.length]
				: event.key === "ArrowLeft"
					? TABS[(index - 1 + TABS.length) % TABS.length]
					: event.key === "Home"
						? TABS[0]
						: event.key === "End"
							? TABS[TABS.length - 1]
							: undefined;
		if (!next) return;
		event.preventDefault();
		select(next, true);
	};
	const tabClass =
		"rounded-t-lg border-b-2 px-4 py-2 text-sm font-semibold aria-[current=page]:border-ink aria-selected:border-ink border-transparent text-muted aria-[current=page]:text-ink aria-selected:text-ink hover:text-ink";
	if (!hydrated) {
		return (
			<nav aria-label={t("settings.tabs")} className="mt-8 border-b border-line">
				<ul className="flex gap-2">
					{TABS.map((tab) => (
						<li key={tab}>
							<Link
								to={`?tab=${tab}`}
								id={`settings-tab-${tab}`}
								aria-current={tab === current ? "page" : undefined}
								className={`inline-block ${tabClass}`}
							>
								{t(`settings.${tab}`)}
							</Link>
						</li>
					))}
				</ul>
			</nav>
		);
	}
	return (
		<div role="tablist" aria-label={t("settings.tabs")} className="mt-8 flex gap-2 border-b border-line">
			{TABS.map((tab) => (
				<button
					key={tab}
					ref={(element) => {
						refs.current[tab] = element;
					}}
					type="button"
					role="tab"
					id={`settings-tab-${tab}`}
					aria-selected={tab === current}
					aria-controls={`settings-panel-${tab}`}
					tabIndex={tab === current ? 0 : -1}
					onClick={() => select(tab)}
					onKeyDown={onKeyDown}
					className={tabClass}
				>
					{t(`settings.${tab}`)}
				</button>
			))}
		</div>
	);
}

function TabPanel({ tab, current, children }: { tab: Tab; current: Tab; children: React.ReactNode }) {
	const hydrated = useHydrated();
	return (
		<section
			id={`settings-panel-${tab}`}
			role={hydrated ? "tabpanel" : undefined}
			aria-labelledby={`settings-tab-${tab}`}
			hidden={tab !== current}
		>
			{children}
		</section>
	);
}

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

function GeneralForm({ settings }: { settings: SettingsView }) {
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

function NotificationsForm({ settings }: { settings: SettingsView }) {
	const { t } = useTranslation("admin");
	const actionData = useActionData<typeof action>();
	const [form, fields] = useForm({
		id: "settings-notifications",
		lastResult: actionData?.tab === "notifications" ? actionData.result : undefined,
		defaultValue: {
			emailNotifications: settings.emailNotifications,
			adminEmail: settings.adminEmail,
			buyerStatusEmails: settings.buyerStatusEmails,
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
			<SaveButton tab="notifications" />
		</Form>
	);
}
