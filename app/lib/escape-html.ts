/**
 * Text made safe inside HTML or XML, in element content and in quoted attributes alike (&#39; rather than
 * &apos;, which old HTML does not know). For the few documents written as strings: e-mails, the sitemap,
 * the server's refusal pages.
 */
export function escapeHtml(text: string): string {
	return text
		.replaceAll("&", "&amp;")
		.replaceAll("<", "&lt;")
		.replaceAll(">", "&gt;")
		.replaceAll('"', "&quot;")
		.replaceAll("'", "&#39;");
}
