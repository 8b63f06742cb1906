import type { LoaderFunctionArgs } from "@remix-run/node";
import { FORM_TOKEN_FIELD } from "~/lib/form-token";
import { formRequest, getRequest } from "./requests";

/**
 * One-time form tokens (docs/decisions/0022) for tests that post to counted forms: fetched the way a
 * browser gets one, from the loader of the page that shows the form (with the poster's cookie, since the
 * admin pages are admin-only). There is no way around the server's check, on purpose.
 */
type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

const FORM_PAGES: Array<[RegExp, () => Promise<Loader>]> = [
	[/^\/project\/[^/]+\/request$/, async () => (await import("~/routes/project.$id_.request")).loader],
	[/^\/register$/, async () => (await import("~/routes/register/route")).loader],
	[/^\/admin\/projects\/add$/, async () => (await import("~/routes/admin.projects.add")).loader],
	[/^\/admin\/artists$/, async () => (await import("~/routes/admin.artists/route")).loader],
	[/^\/admin\/slider$/, async () => (await import("~/routes/admin.slider/route")).loader],
	[/^\/admin\/users$/, async () => (await import("~/routes/admin.users/route")).loader],
	[/^\/admin\/search$/, async () => (await import("~/routes/admin.search/route")).loader],
];

/** The page that shows the "add" form of an admin list: its `?new` / `?add`. */
const ADD_QUERY: Record<string, string> = {
	"/admin/artists": "?new",
	"/admin/slider": "?new",
	"/admin/users": "?add",
	"/admin/search": "?new",
};

/** A fresh token for the form posted to `path` (its query ignored), as its page hands it out. */
export async function formToken(path: string, cookie?: string): Promise<string> {
	const pathname = path.split("?")[0] ?? path;
	const page = FORM_PAGES.find(([pattern]) => pattern.test(pathname));
	if (!page) throw new Error(`No counted form is posted to ${path}`);
	const loader = await page[1]();
	const id = /^\/project\/([^/]+)\/request$/.exec(pathname)?.[1];
	const result = await loader({
		request: getRequest(`${pathname}${ADD_QUERY[pathname] ?? ""}`, cookie),
		params: id ? { id: decodeURIComponent(id) } : {},
		context: {},
	});
	// Loaders return plain data or Remix's data() ({ data, init }).
	const data = (
		result && typeof result === "object" && "init" in result && "data" in result ? result.data : result
	) as { formToken?: string | null };
	if (!data.formToken) throw new Error(`The page for ${path} handed out no form token`);
	return data.formToken;
}

/**
 * `fields` with a fresh token for the form posted to `path`, as a browser would send them. When the page
 * itself refuses the poster (a 404, a redirect to sign in), there is no form and so no token: the fields go
 * as they are, and the action refuses them for the same reason.
 */
export async function withFormToken<Fields extends Record<string, unknown>>(
	path: string,
	fields: Fields,
	cookie?: string,
): Promise<Fields> {
	try {
		return { ...fields, [FORM_TOKEN_FIELD]: await formToken(path, cookie) };
	} catch (error) {
		if (error instanceof Response) return fields;
		throw error;
	}
}

/** `formRequest` (tests/support/requests.ts) for a counted form: the fields go with the page's token. */
export async function countedFormRequest(
	path: string,
	fields: Record<string, string>,
	init: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<Request> {
	return formRequest(path, await withFormToken(path, fields, init.cookie), init);
}

/**
 * A posted form, sent again with its page's token added, as the browser sends the page's form (for tests
 * that build their multipart bodies themselves). A page that refuses the poster adds none.
 */
export async function withFormTokenIn(request: Request): Promise<Request> {
	const url = new URL(request.url);
	const form = await request.formData();
	const sent = await withFormToken(
		url.pathname,
		{} as Record<string, string>,
		request.headers.get("Cookie") ?? undefined,
	);
	for (const [name, value] of Object.entries(sent)) form.set(name, value);
	const headers = new Headers(request.headers);
	const multipart = /^multipart\//i.test(headers.get("Content-Type") ?? "");
	// A new body gets a new multipart boundary: the old Content-Type would not match it.
	if (multipart) headers.delete("Content-Type");
	const body = multipart
		? form
		: new URLSearchParams([...form].map(([name, value]) => [name, String(value)] as [string, string]));
	return new Request(request.url, { method: "POST", body, headers });
}
