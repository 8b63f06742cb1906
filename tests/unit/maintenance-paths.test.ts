import { describe, expect, it } from "vitest";
import { isOpenDuringMaintenance } from "~/lib/maintenance";

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
			expect(isOpenDuringMaintenance(path), path).toBe(true);
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
			"/log%69n",
			"/resources/images/projects/a.jpg",
			"/resources/favourites",
			"/register",
			"/account.data",
		]) {
			expect(isOpenDuringMaintenance(path), path).toBe(false);
		}
	});
});
