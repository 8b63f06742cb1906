const BASE = "http://forma.invalid";

/** A path the browser resolves on this site: "/…", but not "//host" or "/\host" (both mean another host). */
function isLocalPath(value: string): boolean {
	return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
}

/**
 * A redirect target we accept from a form or query string: a path on this site only. Anything that could
 * leave the site ("//evil.example", "https://…", "/\\evil") falls back to `fallback`.
 *
 * The check runs on what we return, after normalisation: URL parsing turns "/.//evil.example",
 * "/%2e//evil.example", "/a/..//evil.example" and "/./\evil.example" into "//evil.example", which a
 * browser reads as another host. Checking only the raw string let those through.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
	if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
	if (!isLocalPath(value)) return fallback;
	try {
		const url = new URL(value, BASE);
		if (url.origin !== BASE) return fallback;
		const path = `${url.pathname}${url.search}${url.hash}`;
		// What the browser gets must still be a path here when it resolves it again.
		if (!isLocalPath(path) || new URL(path, BASE).origin !== BASE) return fallback;
		return path;
	} catch {
		return fallback;
	}
}
