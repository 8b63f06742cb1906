import * as z from "zod";
import { emailField } from "~/lib/validation";
import { DEFAULT_AUDIO_URL } from "~/models/settings.server";

export const TABS = ["general", "notifications", "seller"] as const;
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
		// Empty: buyers write to the admin address.
		salesEmail: emailField("admin:settings.errors.salesEmailInvalid").optional(),
	})
	.refine((value) => !value.emailNotifications || Boolean(value.adminEmail), {
		path: ["adminEmail"],
		message: "admin:settings.errors.adminEmailRequired",
	});

/** A Russian taxpayer number: 10 digits for an organisation, 12 for a person (sole trader). */
const INN = /^(\d{10}|\d{12})$/;
/** OGRN (an organisation's registration number, 13 digits) or OGRNIP (a sole trader's, 15). */
const OGRN = /^(\d{13}|\d{15})$/;

/**
 * The shop's name in English (the Russian one is on the general tab, with the spec's default), the seller's legal details (shown on /contact, the footer, terms, privacy and every mail's footer) and
 * how long closed requests keep the buyer's contacts. Empty details are allowed (a fresh install), but a
 * number given must be a real one's shape.
 */
export const sellerSchema = z.object({
	tab: z.literal("seller"),
	shopNameEn: z
		.string({ error: "admin:settings.errors.shopNameEnRequired" })
		.trim()
		.min(1, "admin:settings.errors.shopNameEnRequired")
		.max(200, "validation.tooLong"),
	sellerLegalName: z.string().trim().max(300, "validation.tooLong").default(""),
	sellerInn: z
		.string()
		.trim()
		.regex(INN, "admin:settings.errors.sellerInnInvalid")
		.optional()
		.transform((value) => value ?? ""),
	sellerOgrn: z
		.string()
		.trim()
		.regex(OGRN, "admin:settings.errors.sellerOgrnInvalid")
		.optional()
		.transform((value) => value ?? ""),
	sellerLegalAddress: z.string().trim().max(500, "validation.tooLong").default(""),
	privacyEmail: emailField("admin:settings.errors.privacyEmailInvalid")
		.optional()
		.transform((value) => value ?? ""),
	retentionMonths: z.coerce
		.number({ error: "admin:settings.errors.retentionMonthsInvalid" })
		.int("admin:settings.errors.retentionMonthsInvalid")
		.min(1, "admin:settings.errors.retentionMonthsInvalid")
		.max(120, "admin:settings.errors.retentionMonthsInvalid"),
});
