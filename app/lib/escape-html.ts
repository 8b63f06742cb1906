/**
 * Text made safe inside HTML or XML, in element content and in double-quoted attributes (the only kind
 * these documents write). For the few documents written as strings: e-mails, the sitemap, the server's
 * refusal pages.
 */
export function escapeHtml(text: string): string {
	return text
		.replaceAll("&", "&amp;")
		.replaceAll("<", "&lt;")
		.replaceAll(">", "&gt;")
		.replaceAll('"', "&quot;");
}
