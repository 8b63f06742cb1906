import type { Kysely } from "kysely";
import { snapshotOf } from "~/lib/activity";
import { db, externalChangeToken } from "~/lib/db.server";
import type { Database, Settings } from "~db/schema";
import { type Actor, recordActivity } from "./activity.server";
import { changedAnything, EditConflictError, nextVersion } from "./edit-conflicts.server";

/**
 * Every page reads the settings (the root loader) and they rarely change, so the row is kept until a
 * write: this module's own (`writes` counts them) or another connection's commit (the CLI, a restore,
 * another instance), which changes the external change token (SQLite's `data_version` for this
 * connection, or Postgres's change notifications: app/lib/db.server.ts). Reading it touches no table.
 */
let writes = 0;
let kept: { dataVersion: unknown; writes: number; settings: Settings } | null = null;

/** The one settings row (created by the first migration); inside a transaction, pass it. */
export async function getSettings(executor: Kysely<Database> = db): Promise<Settings> {
	if (executor !== db) return readSettings(executor);
	const version = externalChangeToken();
	if (kept && kept.dataVersion === version && kept.writes === writes) return { ...kept.settings };
	const writesBefore = writes;
	const settings = await readSettings(db);
	// A save that finished while this read waited may not be in it: keep nothing then.
	if (writes === writesBefore) kept = { dataVersion: version, writes, settings };
	return { ...settings };
}

function readSettings(executor: Kysely<Database>): Promise<Settings> {
	return executor.selectFrom("settings").selectAll().where("id", "=", 1).executeTakeFirstOrThrow();
}

/** Forgets the kept row: called after every write to the settings table. */
function settingsChanged(): void {
	writes += 1;
	kept = null;
}

/** The header's track when the admin names none: it ships in public/ (the first migration's default too). */
export const DEFAULT_AUDIO_URL = "/audio/forma-loop.mp3";

/** What the admin's settings screen can change. */
export interface SettingsChange {
	shopName?: string;
	shopDescription?: string;
	maintenanceMode?: boolean;
	allowRegistration?: boolean;
	emailNotifications?: boolean;
	/** E-mail buyers when their request's status changes. */
	buyerStatusEmails?: boolean;
	adminEmail?: string;
	/** A path on this site (the route checks it): the page's CSP lets media come from nowhere else. */
	audioUrl?: string;
	shopNameEn?: string;
	/** Where buyers write about pieces; "" means the admin address. */
	salesEmail?: string;
	retentionMonths?: number;
	sellerLegalName?: string;
	sellerInn?: string;
	sellerOgrn?: string;
	sellerLegalAddress?: string;
	privacyEmail?: string;
}

/**
 * Saves the given settings (others stay as they are) and returns the row as it is now. What changed is
 * recorded in the audit trail as `actor`'s, in the same transaction (a save that changed nothing, nothing,
 * and it keeps the version). With `version` (the one the form was opened at) it saves only if that is
 * still the row's: else EditConflictError and nothing is written. One row, one version: a save on one tab
 * of the screen makes a form opened before it on the other tab conflict too.
 */
export async function updateSettings(
	change: SettingsChange,
	actor?: Actor,
	version?: number,
): Promise<Settings> {
	const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
	settingsChanged();
	try {
		return await db.transaction().execute(async (trx) => {
			const before = await readSettings(trx);
			let save = trx
				.updateTable("settings")
				.set({
					shop_name: change.shopName,
					shop_description: change.shopDescription,
					maintenance_mode: flag(change.maintenanceMode),
					allow_registration: flag(change.allowRegistration),
					email_notifications: flag(change.emailNotifications),
					buyer_status_emails: flag(change.buyerStatusEmails),
					admin_email: change.adminEmail,
					audio_url: change.audioUrl,
					shop_name_en: change.shopNameEn,
					sales_email: change.salesEmail,
					retention_months: change.retentionMonths,
					seller_legal_name: change.sellerLegalName,
					seller_inn: change.sellerInn,
					seller_ogrn: change.sellerOgrn,
					seller_legal_address: change.sellerLegalAddress,
					privacy_email: change.privacyEmail,
					updated_at: new Date().toISOString(),
					version: nextVersion,
				})
				.where("id", "=", 1);
			if (version !== undefined) save = save.where("version", "=", version);
			let saved = await save.returningAll().executeTakeFirst();
			if (!saved) throw new EditConflictError();
			if (!changedAnything(snapshotOf("settings", before), snapshotOf("settings", saved))) {
				saved = await trx
					.updateTable("settings")
					.set({ version: before.version })
					.where("id", "=", 1)
					.returningAll()
					.executeTakeFirstOrThrow();
			}
			await recordActivity(trx, actor, {
				entity: "settings",
				entityId: 1,
				label: "",
				action: "updated",
				before: snapshotOf("settings", before),
				after: snapshotOf("settings", saved),
				version: saved.version,
			});
			return saved;
		});
	} finally {
		settingsChanged();
	}
}

/**
 * Start-up: settings that name no admin e-mail take `email` (ADMIN_EMAIL), so a fresh install tells its
 * administrator about the first request. An address the admin has set is never replaced. True when it was set.
 */
export async function adoptAdminEmail(email: string): Promise<boolean> {
	settingsChanged();
	const result = await db
		.updateTable("settings")
		.set({ admin_email: email, updated_at: new Date().toISOString(), version: nextVersion })
		.where("id", "=", 1)
		.where("admin_email", "=", "")
		.executeTakeFirst();
	settingsChanged();
	return Number(result.numUpdatedRows) > 0;
}
