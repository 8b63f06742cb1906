import { db } from "~/lib/db.server";
import type { Settings } from "~db/schema";

/** The one settings row (created by the first migration). */
export async function getSettings(): Promise<Settings> {
	return db.selectFrom("settings").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
}

/** What the admin's settings screen can change (the audio URL is not on it). */
export interface SettingsChange {
	shopName?: string;
	shopDescription?: string;
	maintenanceMode?: boolean;
	allowRegistration?: boolean;
	emailNotifications?: boolean;
	adminEmail?: string;
}

/** Saves the given settings (others stay as they are) and returns the row as it is now. */
export async function updateSettings(change: SettingsChange): Promise<Settings> {
	const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
	return db
		.updateTable("settings")
		.set({
			shop_name: change.shopName,
			shop_description: change.shopDescription,
			maintenance_mode: flag(change.maintenanceMode),
			allow_registration: flag(change.allowRegistration),
			email_notifications: flag(change.emailNotifications),
			admin_email: change.adminEmail,
			updated_at: new Date().toISOString(),
		})
		.where("id", "=", 1)
		.returningAll()
		.executeTakeFirstOrThrow();
}
