import { describe, expect, it } from "vitest";
import { projectHref } from "~/components/project-card";

const project = { id: "harbour-identity", link: "https://studio.test/harbour" };

describe("where a project card leads (spec: Category grid; decisions: Round 2, Cards)", () => {
	it("on a category page an http link opens outside, in a new tab", () => {
		expect(projectHref(project)).toEqual({ href: "https://studio.test/harbour", external: true });
	});

	it("a site path navigates there, and no link opens the project page", () => {
		expect(projectHref({ ...project, link: "/about" })).toEqual({ href: "/about", external: false });
		expect(projectHref({ ...project, link: null })).toEqual({
			href: "/project/harbour-identity",
			external: false,
		});
	});

	it("in the shop, favourites and orders a card always opens the piece's own page", () => {
		for (const link of ["https://studio.test/harbour", "/about", null]) {
			expect(projectHref({ ...project, link }, "project")).toEqual({
				href: "/project/harbour-identity",
				external: false,
			});
		}
	});
});
