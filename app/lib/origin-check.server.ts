const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

interface WriteRequest {
	method: string;
	/** The Host the request was sent to (or X-Forwarded-Host behind a proxy). */
	host: string | undefined;
	origin: string | undefined;
	secFetchSite: string | undefined;
	/** The public address, when configured (SITE_URL): requests from it are ours too. */
	siteUrl?: string | undefined;
}

function hostOf(url: string): string | null {
	try {
		return new URL(url).host.toLowerCase();
	} catch {
		return null;
	}
}

/**
 * Whether a state-changing request was sent by another site's page (cross-site request forgery). Browsers
 * name the sending page in Origin on every POST and, in Sec-Fetch-Site, whether it was another site; tools
 * such as curl send neither and are allowed (they carry no visitor's cookies).
 */
export function isCrossSiteWrite({ method, host, origin, secFetchSite, siteUrl }: WriteRequest): boolean {
	if (SAFE_METHODS.has(method.toUpperCase())) return false;
	if (origin !== undefined) {
		// "null": a sandboxed frame, a data: URL or a cross-site redirect — never one of our pages.
		const from = origin === "null" ? null : hostOf(origin);
		if (from === null) return true;
		if (host && from === host.toLowerCase()) return false;
		return !(siteUrl && from === hostOf(siteUrl));
	}
	return secFetchSite === "cross-site";
}
