import { describe, expect, it } from "vitest";
import { isOpenDuringMaintenance } from "~/lib/maintenance";
import { routePath } from "~/lib/route-path";

/** The gate compares the path as the router reads it (the server works it out once per request). */
const isOpen = (pathname: string) => isOpenDuringMaintenance(routePath(pathname));

describe("isOpenDuringMaintenance", () => {
	it("keeps sign-in, sign-out, the password reset and the language and theme switches open, with or without .data", () => {
		for (const path of [
			"/login",
			"/login/",
			"/login.data",
			"/logout",
			"/logout.data",
			"/forgot-password",
			"/forgot-password.data",
			"/reset-password",
			"/reset-password.data",
			"/resources/theme",
			"/resources/language.data",
		]) {
			expect(isOpen(path), path).toBe(true);
		}
	});

	it("reads the path as the router does: any letter case, %-encoding, trailing slashes", () => {
		// Each of these is the sign-in page to Remix, so the gate treats it as one.
		for (const path of ["/LOGIN", "/Login/", "/log%69n", "/LOGIN.data"]) {
			expect(isOpen(path), path).toBe(true);
		}
	});

	it("opens no other page or its data, however the path is spelled", () => {
		for (const path of [
			"/",
			"/_root.data",
			"/project/arc-lounge-chair",
			"/project/arc-lounge-chair.data",
			"/login/extra",
			"/reset-password/extra",
			"/forgot-passwords",
			"//login",
			"/login%2F",
			"/resources/images/projects/a.jpg",
			"/resources/favourites",
			"/register",
			"/Register",
			"/account.data",
		]) {
			expect(isOpen(path), path).toBe(false);
		}
	});
});
