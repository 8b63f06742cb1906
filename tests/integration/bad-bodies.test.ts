import type { ActionFunction } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { action as loginAction } from "~/routes/login/route";
import { action as requestAction } from "~/routes/project.$id_.request";
import { action as registerAction } from "~/routes/register/route";
import { action as favouritesAction } from "~/routes/resources.favourites";
import { settle } from "../support/requests";

const actions: Array<[string, ActionFunction, Record<string, string>]> = [
	["/login", loginAction, {}],
	["/register", registerAction, {}],
	["/project/tidal-relief/request", requestAction, { id: "tidal-relief" }],
	["/resources/favourites", favouritesAction, {}],
];

async function rowCounts() {
	const [users, requests, favourites] = await Promise.all([
		db.selectFrom("users").select("id").execute(),
		db.selectFrom("purchase_requests").select("id").execute(),
		db.selectFrom("favourites").select("user_id").execute(),
	]);
	return [users.length, requests.length, favourites.length];
}

describe("malformed and oversized bodies", () => {
	it.each(actions)(
		"%s answers a broken multipart body with 400 and writes nothing",
		async (path, action, params) => {
			const before = await rowCounts();
			const result = await settle(async () =>
				action({
					request: new Request(`http://localhost${path}`, {
						method: "POST",
						headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
						body: "this is not multipart at all",
					}),
					params,
					context: {},
				}),
			);
			expect(result).toBeInstanceOf(Response);
			expect((result as Response).status).toBe(400);
			expect(await rowCounts()).toEqual(before);
		},
	);

	it.each(actions)("%s refuses a 1 MB body with 413 and writes nothing", async (path, action, params) => {
		const before = await rowCounts();
		const result = await settle(async () =>
			action({
				request: new Request(`http://localhost${path}`, {
					method: "POST",
					headers: { "Content-Type": "application/x-www-form-urlencoded" },
					body: `email=${"a".repeat(1024 * 1024)}@example.com&phone=%2B79161234567&password=x`,
				}),
				params,
				context: {},
			}),
		);
		expect((result as Response).status).toBe(413);
		expect(await rowCounts()).toEqual(before);
	});
	// 64 KB is 21 000 empty fields of one name; Conform took six seconds of blocked event loop over them.
	const fieldFloods: Array<[string, string, string]> = [
		["urlencoded", "application/x-www-form-urlencoded", "email=&".repeat(9000)],
		[
			"multipart",
			"multipart/form-data; boundary=b",
			`${'--b\r\nContent-Disposition: form-data; name="email"\r\n\r\n\r\n'.repeat(1100)}--b--\r\n`,
		],
	];
	for (const [kind, contentType, body] of fieldFloods) {
		it.each(actions)(
			`field flood: %s refuses thousands of ${kind} fields with 413 and writes nothing`,
			async (path, action, params) => {
				expect(body.length).toBeLessThan(64 * 1024);
				const before = await rowCounts();
				const result = await settle(async () =>
					action({
						request: new Request(`http://localhost${path}`, {
							method: "POST",
							headers: { "Content-Type": contentType },
							body,
						}),
						params,
						context: {},
					}),
				);
				expect((result as Response).status).toBe(413);
				expect(await rowCounts()).toEqual(before);
			},
		);
	}
});
