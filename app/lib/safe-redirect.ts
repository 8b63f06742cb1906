/**
 * A redirect target we accept from a form or query string: a path on this site only. Anything that could
 * leave the site ("//evil.example", "https://…", "/\\evil") falls back to `fallback`.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
	if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
	if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
	try {
		const url = new URL(value, "http://forma.invalid");
		if (url.origin !== "http://forma.invalid") return fallback;
		return `${url.pathname}${url.search}${url.hash}`;
	} catch {
		return fallback;
	}
}
