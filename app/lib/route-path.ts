/**
 * A request's path as the router reads it, for every rule that looks at paths (sign-in and upload caps,
 * maintenance mode, anything that names a page). Remix matches routes ignoring letter case and trailing
 * slashes, on %-decoded segments, and answers `/x.data` (single fetch) for the page `/x` (`/_root.data`
 * for `/`): a rule that compared the raw path would let `/LOGIN`, `/login/` or `/log%69n` past a door that
 * `/login` meets. So the server works the path out once (app/server/request-guards.ts) and the rules
 * take only that: a `RoutePath` can come from nowhere else.
 */
declare const routePathBrand: unique symbol;
export type RoutePath = string & { readonly [routePathBrand]: true };

function decodeSegment(segment: string): string {
	try {
		// As the router does: an encoded "/" stays inside its segment.
		return decodeURIComponent(segment).replaceAll("/", "%2F");
	} catch {
		return segment;
	}
}

/** `/Login/`, `/log%69n`, `/login.data` → `/login`; `/_root.data` → `/`. */
export function routePath(pathname: string): RoutePath {
	let path = pathname.split("/").map(decodeSegment).join("/").toLowerCase();
	path = path.replace(/\.data$/, "");
	path = path.replace(/\/+$/, "") || "/";
	if (path === "/_root") path = "/";
	return path as RoutePath;
}
