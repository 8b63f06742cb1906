import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { RouteErrorPage } from "~/components/error-page";
import type { Language } from "~/lib/i18n";
import { plain } from "../support/plain";
import { withTexts } from "../support/with-texts";

/** What Remix hands the boundary for a thrown response (isRouteErrorResponse checks this shape). */
function thrownResponse(status: number, statusText: string, data: unknown) {
	return { status, statusText, internal: false, data };
}

/** The root error boundary's page for `error`, rendered in `language`. */
async function renderError(error: unknown, language: Language = "en") {
	const html = renderToString(
		withTexts(
			language,
			createElement(StaticRouter, { location: "/" }, createElement(RouteErrorPage, { error })),
		),
	);
	return plain(html.replace(/<!-- -->/g, ""));
}

describe("route error page", () => {
	it("never shows an unexpected error's own message to a visitor", async () => {
		const html = await renderError(new Error("SQLITE_CORRUPT: database disk image is malformed"));
		expect(html).not.toContain("SQLITE_CORRUPT");
		expect(html).toContain("Something went wrong");
		expect(html).toContain("The problem is on our side.");
		const ru = await renderError(new Error("boom"), "ru");
		expect(ru).toContain("Что-то пошло не так");
		expect(ru).toContain("Сбой на нашей стороне.");
		expect(ru).not.toContain("boom");
	});

	it("has a page or a translated message per status", async () => {
		expect(await renderError(thrownResponse(404, "Not Found", "Not Found"))).toContain("Page not found");
		expect(await renderError(thrownResponse(400, "Bad Request", null))).toContain(
			"The form could not be read.",
		);
		expect(await renderError(thrownResponse(413, "Payload Too Large", null), "ru")).toContain(
			"В форме слишком много текста.",
		);
		expect(await renderError(thrownResponse(403, "Forbidden", "secret detail"))).toContain(
			"You do not have access to this page.",
		);
		const methodNotAllowed = await renderError(thrownResponse(405, "Method Not Allowed", "Error: internal"));
		expect(methodNotAllowed).toContain("405 This request could not be handled.");
		expect(methodNotAllowed).not.toContain("internal");
	});
});
