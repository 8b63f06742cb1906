import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "~/lib/origin-check.server";

const base = { host: "forma.gallery", origin: undefined, secFetchSite: undefined };

describe("isCrossSiteWrite", () => {
	it("refuses writes whose Origin names another site, or null", () => {
		expect(isCrossSiteWrite({ ...base, method: "POST", origin: "https://evil.example" })).toBe(true);
		expect(
			isCrossSiteWrite({ ...base, method: "DELETE", origin: "https://forma.gallery.evil.example" }),
		).toBe(true);
		expect(isCrossSiteWrite({ ...base, method: "POST", origin: "null" })).toBe(true);
		expect(isCrossSiteWrite({ ...base, method: "POST", origin: "not a url" })).toBe(true);
		expect(isCrossSiteWrite({ ...base, method: "POST", secFetchSite: "cross-site" })).toBe(true);
	});

	it("allows our own pages, the public address and clients without browser headers", () => {
		expect(isCrossSiteWrite({ ...base, method: "POST", origin: "https://forma.gallery" })).toBe(false);
		expect(isCrossSiteWrite({ ...base, method: "POST", origin: "http://FORMA.gallery" })).toBe(false);
		expect(
			isCrossSiteWrite({
				...base,
				host: "internal:3000",
				method: "POST",
				origin: "https://forma.gallery",
				siteUrl: "https://forma.gallery",
			}),
		).toBe(false);
		expect(isCrossSiteWrite({ ...base, method: "POST" })).toBe(false);
		expect(isCrossSiteWrite({ ...base, method: "POST", secFetchSite: "same-origin" })).toBe(false);
	});

	it("never blocks reads", () => {
		expect(isCrossSiteWrite({ ...base, method: "GET", origin: "https://evil.example" })).toBe(false);
		expect(isCrossSiteWrite({ ...base, method: "HEAD", secFetchSite: "cross-site" })).toBe(false);
	});
});
