/**
 * Headers every response carries. Scripts run only from our origin or with this request's nonce; nobody
 * may frame the site. Styles allow inline attributes because animations set `style` at run time.
 */
export function contentSecurityPolicy(nonce: string | null, development: boolean): string {
	const directives = [
		"default-src 'self'",
		`script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""}`,
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self'",
		"media-src 'self' https:",
		`connect-src 'self'${development ? " ws://localhost:* ws://127.0.0.1:*" : ""}`,
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	];
	return directives.join("; ");
}

export function applySecurityHeaders(headers: Headers, nonce: string | null): void {
	const development = process.env.NODE_ENV === "development";
	if (!headers.has("Content-Security-Policy")) {
		headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, development));
	}
	headers.set("X-Content-Type-Options", "nosniff");
	headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
	headers.set("X-Frame-Options", "DENY");
	headers.set("Cross-Origin-Opener-Policy", "same-origin");
	headers.delete("X-Powered-By");
}
