import { describe, expect, it } from "vitest";
import { serverResources } from "~/lib/locale-resources.server";
import { loader } from "~/routes/locales.$lng.$ns";
import { getRequest } from "../support/requests";

function load(path: string, headers?: Record<string, string>) {
	const [, , lng, ns] = new URL(path, "http://localhost").pathname.split("/");
	const request = getRequest(path);
	for (const [name, value] of Object.entries(headers ?? {})) request.headers.set(name, value);
	return loader({ request, params: { lng, ns }, context: {} });
}

describe("/locales/<lng>/<ns>", () => {
	it("answers a namespace's texts, immutable under its hashed address and revalidated otherwise", async () => {
		const plain = await load("/locales/ru/catalog");
		expect(plain.status).toBe(200);
		expect(plain.headers.get("Content-Type")).toMatch(/^application\/json/);
		expect(await plain.json()).toEqual(serverResources.ru.catalog);
		expect(plain.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");

		const etag = plain.headers.get("ETag") ?? "";
		expect(etag).toMatch(/^"[\w-]{8,}"$/);
		const hashed = await load(`/locales/ru/catalog?v=${etag.slice(1, -1)}`);
		expect(hashed.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
		expect(await hashed.json()).toEqual(serverResources.ru.catalog);

		const revalidated = await load("/locales/ru/catalog", { "If-None-Match": etag });
		expect(revalidated.status).toBe(304);
	});

	it("gives each language and namespace its own hash", async () => {
		const tags = await Promise.all(
			["/locales/en/catalog", "/locales/ru/catalog", "/locales/en/common"].map(async (path) =>
				(await load(path)).headers.get("ETag"),
			),
		);
		expect(new Set(tags).size).toBe(3);
	});

	it("is 404 for an unknown namespace or language and for the texts that stay on the server", async () => {
		for (const path of ["/locales/en/nope", "/locales/de/common", "/locales/en/legal", "/locales/ru/mail"]) {
			expect((await load(path)).status, path).toBe(404);
		}
	});
});
