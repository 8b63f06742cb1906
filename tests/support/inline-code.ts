import { createHash } from "node:crypto";

/**
 * What a Content-Security-Policy must allow for a page's inline code, computed here on its own (not with the
 * server's code) the way a browser does: the sha256 of each inline <script> (no `src`) and <style>
 * element's text, as written (CR LF read as LF).
 */
export function inlineCodeHashes(html: string): { scripts: Set<string>; styles: Set<string> } {
	const scripts = new Set<string>();
	const styles = new Set<string>();
	for (const [, tag, attributes, text] of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi)) {
		const hash = `'sha256-${createHash("sha256")
			.update((text ?? "").replace(/\r\n?/g, "\n"))
			.digest("base64")}'`;
		if (tag?.toLowerCase() === "style") styles.add(hash);
		else if (!/\bsrc=/i.test(attributes ?? "")) scripts.add(hash);
	}
	return { scripts, styles };
}

/** The Content-Security-Policy as directive → sources. */
export function cspDirectives(csp: string | null | undefined): Map<string, string[]> {
	const parsed = new Map<string, string[]>();
	for (const part of (csp ?? "").split(";")) {
		const [name, ...sources] = part.trim().split(/\s+/);
		if (name) parsed.set(name, sources);
	}
	return parsed;
}
