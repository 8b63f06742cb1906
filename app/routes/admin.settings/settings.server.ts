import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { type EditConflict, parseVersion, VERSION_FIELD } from "~/lib/edit-conflict";
import { readFormData } from "~/lib/form.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { redirectWithToast } from "~/lib/toast.server";
import { describeConflict, EditConflictError } from "~/models/edit-conflicts.server";
import { getSettings, updateSettings } from "~/models/settings.server";
import { requireAdmin } from "~/services/auth.server";
import { generalSchema, notificationsSchema, SETTINGS_PATH, sellerSchema } from "./settings-schema";

/** The settings as the two tabs' forms show them (admins only). */
export async function loadSettingsPage(request: Request) {
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
				shopNameEn: settings.shop_name_en,
				salesEmail: settings.sales_email,
				sellerLegalName: settings.seller_legal_name,
				sellerInn: settings.seller_inn,
				sellerOgrn: settings.seller_ogrn,
				sellerLegalAddress: settings.seller_legal_address,
				privacyEmail: settings.privacy_email,
				retentionMonths: settings.retention_months,
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

/** Saves one tab's fields, unless someone saved the settings since the form was opened. */
export async function saveSettingsTab(request: Request) {
	const admin = await requireAdmin(request);
	const formData = await readFormData(request);
	const posted = formData.get("tab");
	const tab = posted === "notifications" || posted === "seller" ? posted : "general";
	const submission =
		tab === "general"
			? parseWithZod(formData, { schema: generalSchema })
			: tab === "notifications"
				? parseWithZod(formData, { schema: notificationsSchema })
				: parseWithZod(formData, { schema: sellerSchema });
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
			value.tab === "notifications"
				? {
						emailNotifications: value.emailNotifications,
						adminEmail: value.adminEmail ?? "",
						buyerStatusEmails: value.buyerStatusEmails,
						salesEmail: value.salesEmail ?? "",
					}
				: value,
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
