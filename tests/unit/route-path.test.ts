import { describe, expect, it } from "vitest";
import { routePath } from "~/lib/route-path";

describe("routePath", () => {
	it("reads a path as the router does: letter case, %-encoding, trailing slashes and .data do not matter", () => {
		for (const spelling of [
			"/login",
			"/LOGIN",
			"/Login/",
			"/login//",
			"/log%69n",
			"/LOG%49N",
			"/login.data",
		]) {
			expect(routePath(spelling), spelling).toBe("/login");
		}
		expect(routePath("/_root.data")).toBe("/");
		expect(routePath("/")).toBe("/");
		expect(routePath("/Project/Arc-Lounge-Chair/")).toBe("/project/arc-lounge-chair");
	});

	it("keeps what the router keeps apart: an encoded slash stays in its segment, a doubled one is not collapsed", () => {
		expect(routePath("/login%2F")).toBe("/login%2f");
		expect(routePath("//login")).toBe("//login");
		expect(routePath("/a%2Fb/c")).toBe("/a%2fb/c");
		// Broken %-encoding never reaches here (the server answers 400 first); it stays as it was.
		expect(routePath("/%E0%A4%A")).toBe("/%e0%a4%a");
	});
});
