/**
 * Headers every page and data response carries (docs/decisions/0008-security-headers.md). Scripts and
 * <style> elements run only from our origin or with this request's nonce; nobody may frame the site.
 */

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

export function applySecurityHeaders(headers: Headers, nonce: string | null): void {
	const environment = process.env.NODE_ENV;
	if (!headers.has("Content-Security-Policy")) {
		headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, environment === "development"));
	}
	headers.set("X-Content-Type-Options", "nosniff");
	// A page may ask for less (a link carrying a one-time token says no-referrer).
	if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
	headers.set("X-Frame-Options", "DENY");
	headers.set("Cross-Origin-Opener-Policy", "same-origin");
	headers.set("Permissions-Policy", PERMISSIONS_POLICY);
	// Only production is served over https (development and tests run on plain http://localhost).
	if (environment === "production") headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
	headers.delete("X-Powered-By");
}
