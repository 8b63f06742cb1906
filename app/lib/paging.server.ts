import { type PageInfo, pageOf, parsePageParam } from "./paging";

/** A list's address that names no page of it (`?page=0`, `?page=x`, a page past the end): 404. */
function pageNotFound(): Response {
	return new Response("Not Found", { status: 404 });
}

/** The page the request asks for (`?page=` or another parameter); throws a 404 for one that is no page. */
export function requestedPage(request: Request, name = "page"): number {
	const page = parsePageParam(new URL(request.url).searchParams.get(name));
	if (page === null) throw pageNotFound();
	return page;
}

/** The page of a list of `total` rows; throws a 404 past the end, never a copy of the last page. */
export function requirePage(total: number, page: number, pageSize?: number): PageInfo {
	const info = pageOf(total, page, pageSize);
	if (!info) throw pageNotFound();
	return info;
}
