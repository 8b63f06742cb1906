import * as z from "zod";
import { emailField } from "~/lib/validation";
import { DEFAULT_AUDIO_URL } from "~/models/settings.server";

export const TABS = ["general", "notifications"] as const;
export type Tab = (typeof TABS)[number];
export const SETTINGS_PATH = "/admin/settings";

export function isTab(value: unknown): value is Tab {
	return typeof value === "string" && (TABS as readonly string[]).includes(value);
}

/**
 * The header's audio track: a file path on this site, nothing else. Media may only come from our own
 * origin (CSP `media-src 'self'`), and a track elsewhere would tell another site about every visitor. No
 * scheme, no "//host", no backslash or anything a browser might read as one.
 */
const SITE_FILE_PATH = /^(?!.*\/\/)\/[\w\-.~%/]*$/;

/** Each tab is its own form and saves only its own fields. Unchecked boxes post nothing: off. */
export const generalSchema = z.object({
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
export const notificationsSchema = z
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
