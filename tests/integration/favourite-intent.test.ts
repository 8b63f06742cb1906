import { describe, expect, it } from "vitest";
import { db } from "~/lib/db.server";
import { listFavouriteIds } from "~/models/favourites.server";
import { createUser } from "~/models/users.server";
import { action as loginAction, loader as loginLoader } from "~/routes/login/route";
import { action as favouritesAction } from "~/routes/resources.favourites";
import { formRequest, getRequest, settle } from "../support/requests";

/*
 * Issue #35: a guest's ♥ is not lost. The sign-in page says why it asks, and the sign-in saves the piece.
 * Only the piece's id travels through the client; the server looks the piece up again each time.
 */

let ip = 100;
async function signIn(fields: Record<string, string>) {
	ip += 1;
	return (await settle(() =>
		loginAction({
			request: formRequest("/login", fields, { headers: { "X-Forwarded-For": `198.51.100.${ip}` } }),
			params: {},
			context: {},
		}),
	)) as Response;
}

describe("a guest's favourite", () => {
	it("leads to a sign-in that names the piece and saves it, then back to the page", async () => {
		const tapped = (await settle(() =>
			favouritesAction({
				request: formRequest("/resources/favourites", {
					projectId: "terra-modular-sofa",
					favourite: "true",
					redirectTo: "/art",
				}),
				params: {},
				context: {},
			}),
		)) as Response;
		const login = tapped.headers.get("Location") ?? "";
		expect(login).toBe("/login?redirectTo=%2Fart&favourite=terra-modular-sofa");

		const page = await loginLoader({ request: getRequest(login), params: {}, context: {} });
		expect(page.favourite).toMatchObject({ id: "terra-modular-sofa" });
		expect(page.favourite?.name).toContain("Terra");

		const user = await createUser({ email: "heart@example.com", phone: null, password: "a-long-password" });
		const signedIn = await signIn({
			username: "heart@example.com",
			password: "a-long-password",
			redirectTo: "/art",
			favourite: "terra-modular-sofa",
		});
		expect(signedIn.status).toBe(302);
		expect(signedIn.headers.get("Location")).toBe("/art");
		expect(await listFavouriteIds(user.id)).toEqual(["terra-modular-sofa"]);
	});

	it("saves nothing for a piece that is unknown or a draft, nor for a wrong password", async () => {
		await db.updateTable("projects").set({ status: "draft" }).where("id", "=", "pill-side-table").execute();
		const draftPage = await loginLoader({
			request: getRequest("/login?favourite=pill-side-table"),
			params: {},
			context: {},
		});
		expect(draftPage.favourite).toBeNull();

		const user = await createUser({ email: "careful@example.com", phone: null, password: "a-long-password" });
		await signIn({
			username: "careful@example.com",
			password: "wrong-password",
			favourite: "terra-modular-sofa",
		});
		expect(await listFavouriteIds(user.id)).toEqual([]);
		for (const favourite of ["pill-side-table", "no-such-piece", "x".repeat(5000)])
			await signIn({ username: "careful@example.com", password: "a-long-password", favourite });
		expect(await listFavouriteIds(user.id)).toEqual([]);
	});

	it("an open redirect through the favourite's sign-in is still refused", async () => {
		await createUser({ email: "redir@example.com", phone: null, password: "a-long-password" });
		const signedIn = await signIn({
			username: "redir@example.com",
			password: "a-long-password",
			redirectTo: "//evil.example/",
			favourite: "terra-modular-sofa",
		});
		expect(signedIn.headers.get("Location")).not.toContain("evil.example");
	});
});
