import { describe, expect, it } from "vitest";
import { createUser } from "~/models/users.server";
import { loader as rootLoader } from "~/root";
import { action as settingsAction } from "~/routes/admin.settings/route";
import { startSession } from "~/services/auth.server";
import { formRequest, getRequest } from "../support/requests";
import { versionOf } from "../support/versions";
import { writeElsewhere } from "../support/write-elsewhere";

/**
 * Pages keep the settings row between requests (app/models/settings.server.ts): a change must still show
 * on the very next page, whether the admin saved it or another process (the CLI, a restore, another
 * instance on Postgres) wrote it.
 */
const args = (request: Request) => ({ request, params: {}, context: {} });

async function audioUrlOnPage(): Promise<string> {
	const result = (await rootLoader(args(getRequest("/")))) as unknown as { data: { audioUrl: string } };
	return result.data.audioUrl;
}

async function adminCookie(): Promise<string> {
	const admin = await createUser({
		email: "settings-cache@example.com",
		phone: null,
		password: "pw-12345678",
		role: "admin",
		username: "settings-cache",
	});
	return (await startSession(admin.id)).split(";")[0] ?? "";
}

describe("settings on pages", () => {
	it("show the admin's change on the next page", async () => {
		const before = await audioUrlOnPage();
		expect(await audioUrlOnPage()).toBe(before);
		const cookie = await adminCookie();
		const saved = (await settingsAction(
			args(
				formRequest(
					"/admin/settings",
					{
						version: await versionOf("settings"),
						tab: "general",
						shopName: "FORMA",
						audioUrl: "/audio/other.mp3",
					},
					{ cookie },
				),
			),
		)) as Response;
		expect(saved.status).toBe(302);
		expect(await audioUrlOnPage()).toBe("/audio/other.mp3");
	});

	it("show another process's write on the next page", async () => {
		expect(await audioUrlOnPage()).not.toBe("/audio/from-elsewhere.mp3");
		await writeElsewhere("update settings set audio_url = ? where id = 1", ["/audio/from-elsewhere.mp3"]);
		expect(await audioUrlOnPage()).toBe("/audio/from-elsewhere.mp3");
	});
});
