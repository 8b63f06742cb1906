/**
 * Headers every page and data response carries (docs/decisions/0008-security-headers.md). Scripts and
 * <style> elements run only from our origin or with this request's nonce (a shared cached copy: with the
 * hashes of its own inline elements); nobody may frame the site.
 */

import { createHash } from "node:crypto";

/**
 * Powerful browser features the site never uses, switched off for it and for anything it might embed, so
 * that an injected script cannot ask for them either. Only features Chromium recognises: an unknown one is a
 * console error on every page.
 */
const DENIED_FEATURES = [
	"accelerometer",
	"camera",
	"display-capture",
	"geolocation",
	"gyroscope",
	"hid",
	"magnetometer",
	"microphone",
	"midi",
	"payment",
	"publickey-credentials-get",
	"serial",
	"usb",
	"xr-spatial-tracking",
];
const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(", ");

/**
 * A year, subdomains included: browsers then refuse plain http for the site even on a typed-in address.
 * Browsers ignore it on plain-http responses, so `npm start` on localhost is unaffected.
 */
const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

function contentSecurityPolicy(nonce: string | null, development: boolean): string {
	const nonceSource = nonce ? ` 'nonce-${nonce}'` : "";
	const directives = [
		"default-src 'self'",
		`script-src 'self'${nonceSource}`,
		// <style> elements and stylesheets: ours or nonced. The `style` attributes React renders (hero and
		// slider positions, image aspect ratios, the colour scheme) cannot carry a nonce, so attributes alone
		// stay inline-allowed; they cannot run script or load anything, only restyle.
		`style-src 'self'${nonceSource}`,
		"style-src-attr 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self'",
		// The header's audio track is a path on this site (admin settings check it).
		"media-src 'self'",
		`connect-src 'self'${development ? " ws://localhost:* ws://127.0.0.1:*" : ""}`,
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	];
	return directives.join("; ");
}

/**
 * What every answer carries, whatever made it (a page, a file, an image, a refusal, /healthz): set on pages
 * by `applySecurityHeaders`, and on everything else by the server's first step (app/server/
 * security-headers.ts), for the headers an answer did not set itself. HSTS only in production (development
 * and tests run on plain http).
 */
export function commonSecurityHeaders(production: boolean): Array<[string, string]> {
	const headers: Array<[string, string]> = [
		["X-Content-Type-Options", "nosniff"],
		["X-Frame-Options", "DENY"],
		["Referrer-Policy", "strict-origin-when-cross-origin"],
		["Cross-Origin-Opener-Policy", "same-origin"],
		["Permissions-Policy", PERMISSIONS_POLICY],
	];
	if (production) headers.push(["Strict-Transport-Security", STRICT_TRANSPORT_SECURITY]);
	return headers;
}

/**
 * The policy of an answer that is not a page (robots.txt, a locale file, a CSV, a script, an image): it
 * loads and runs nothing when opened on its own, and no site may frame it.
 */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function applySecurityHeaders(headers: Headers, nonce: string | null): void {
	const environment = process.env.NODE_ENV;
	if (!headers.has("Content-Security-Policy")) {
		headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, environment === "development"));
	}
	for (const [name, value] of commonSecurityHeaders(environment === "production")) {
		// A page may ask for a stricter referrer policy (a link carrying a one-time token says no-referrer).
		if (name === "Referrer-Policy" && headers.has(name)) continue;
		headers.set(name, value);
	}
	headers.delete("X-Powered-By");
}

/**
 * The sources a browser accepts for an inline element's text: `'sha256-…'` of the text exactly as the
 * HTML parser hands it to CSP (raw text, no entity decoding; CR LF and lone CR become LF).
 */
function hashSource(text: string): string {
	const normalised = text.replace(/\r\n?/g, "\n");
	return `'sha256-${createHash("sha256").update(normalised, "utf8").digest("base64")}'`;
}

/**
 * The hashes of every inline <script> (one without `src`) and <style> element of a rendered page, in
 * document order, each once. Script and style contents are raw text: they end at the first `</script` or
 * `</style`, so one pass over the tags finds them all, and a `<script` inside a script's text is not a tag.
 */
export function inlineElementHashes(html: string): { scripts: string[]; styles: string[] } {
	const scripts = new Set<string>();
	const styles = new Set<string>();
	for (const match of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi)) {
		const [, tag = "", attributes = "", text = ""] = match;
		if (tag.toLowerCase() === "style") styles.add(hashSource(text));
		else if (!/\ssrc\s*=/i.test(` ${attributes}`)) scripts.add(hashSource(text));
	}
	return { scripts: [...scripts], styles: [...styles] };
}

/**
 * A copy of a page that many visitors share (the page cache, docs/decisions/0005) must not carry a nonce:
 * a nonce is a secret of one response, and a shared one is known to everyone who saw the copy. So the copy
 * names no nonce at all: its `nonce` attributes are removed and the policy's `'nonce-…'` sources give way
 * to the hashes of the copy's own inline scripts and styles. The copy then allows exactly its own inline
 * code, and an injected element matches no hash. Returns null when the nonce still appears in the body
 * after the attributes are gone (the copy is then not shared).
 */
export function sharedCopyWithoutNonce(
	headers: Headers,
	body: string,
): { headers: Headers; body: string } | null {
	const policy = headers.get("Content-Security-Policy");
	const nonce = policy ? /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1] : undefined;
	if (!policy || !nonce) return { headers, body };
	const stripped = body.replaceAll(` nonce="${nonce}"`, "");
	if (stripped.includes(nonce)) return null;
	const { scripts, styles } = inlineElementHashes(stripped);
	const sourcesFor = (directive: string) => (directive === "style-src" ? styles : scripts);
	const shared = new Headers(headers);
	shared.set(
		"Content-Security-Policy",
		policy
			.split(";")
			.map((directive) => {
				const trimmed = directive.trim();
				if (!trimmed.includes(`'nonce-${nonce}'`)) return trimmed;
				const name = trimmed.split(/\s+/)[0] ?? "";
				const others = trimmed.split(/\s+/).filter((source) => source !== `'nonce-${nonce}'`);
				return [...others, ...sourcesFor(name)].join(" ");
			})
			.join("; "),
	);
	return { headers: shared, body: stripped };
}
