/**
 * The pages the server answers with itself, before Remix: a request it cannot read (400), a method it does
 * not answer (405), too many uploads, sign-ins or password forms at once (429) and maintenance mode (503).
 * They are small, self-contained HTML documents in the site's colours and wordmark, with no script and nothing from the page that was asked for, and a policy that
 * allows only their own inline style.
 */
import { createHash } from "node:crypto";
import type { Request } from "express";
import { escapeHtml } from "~/lib/escape-html";
import type { Language } from "~/lib/i18n";
import { serverResources } from "~/lib/locale-resources.server";
import { applySecurityHeaders } from "~/lib/security-headers.server";
import type { Theme } from "~/lib/theme";

/** The site's own texts, typeset as everywhere else (app/lib/typography.server.ts). */
const TEXTS = { en: serverResources.en.common, ru: serverResources.ru.common } as const;

const STYLE = [
	":root{color-scheme:light;--bg:#f4f1ea;--fg:#0f0e0c;--muted:#5c574f}",
	".dark{color-scheme:dark;--bg:#0f0e0c;--fg:#f4f1ea;--muted:#a9a398}",
	"*{box-sizing:border-box}",
	"body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:var(--bg);color:var(--fg);",
	"font-family:system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.5}",
	"header{padding:1.5rem 1.25rem}",
	".brand{font-weight:700;letter-spacing:.3em;text-decoration:none;color:var(--fg)}",
	"main{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;",
	"padding:3rem 1.25rem;text-align:center}",
	".code{font-size:clamp(5rem,18vw,11rem);line-height:1;font-weight:600;letter-spacing:-.06em;margin:0}",
	"h1{font-size:1.75rem;font-weight:500;margin:1rem 0 0}",
	"p{max-width:28rem;color:var(--muted)}",
	"a,button{color:var(--fg)}",
	"button{font:inherit;padding:.6rem 1.4rem;border:1px solid var(--fg);background:none;cursor:pointer}",
	".actions{display:flex;gap:1.5rem;align-items:center;margin-top:2rem}",
].join("");
const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

/**
 * The site's security headers (app/lib/security-headers.server.ts), with a policy that allows nothing but
 * this page's own inline style; never stored by any cache.
 */
export function refusalPageHeaders(): Record<string, string> {
	const headers = new Headers({
		"Content-Type": "text/html; charset=utf-8",
		"Content-Security-Policy": `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
		"Cache-Control": "no-store",
	});
	applySecurityHeaders(headers, null);
	return Object.fromEntries(headers);
}

/** The most of a refused request's body the server reads (and throws away) before it ends the connection. */
const MAX_DISCARDED_BYTES = 64 * 1024;

/**
 * A request refused before its body was read still has that body on the way. Closing the connection on
 * unread data resets it, and the sender may never see the answer; so a small body is read and thrown away
 * (the connection can then carry the next request), and past MAX_DISCARDED_BYTES the connection ends.
 */
export function discardRefusedBody(req: Request): void {
	let seen = 0;
	req.on("data", (chunk: Buffer) => {
		seen += chunk.byteLength;
		if (seen > MAX_DISCARDED_BYTES) req.socket.destroy();
	});
	req.resume();
}

function document({
	language,
	theme,
	title,
	body,
}: {
	language: Language;
	theme: Theme;
	title: string;
	body: string;
}): string {
	return `<!DOCTYPE html>
<html lang="${language}"${theme === "dark" ? ' class="dark"' : ""}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><a class="brand" href="/">FORMA</a></header>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * A refusal when the server cannot tell the visitor's language (the request itself could not be read, or
 * never reached the app): the message in both languages, and a link home.
 */
export function bilingualErrorPage(
	status: 400 | 405 | 429,
	messageKey: "malformedRequest" | "methodNotAllowed" | "tooManyUploads" | "tooManySignIns" | "tooManyForms",
): string {
	const sections = (["en", "ru"] as const).map(
		(language) => `<p lang="${language}">${escapeHtml(TEXTS[language].error[messageKey])}</p>`,
	);
	return document({
		language: "en",
		theme: "light",
		title: `${status} — FORMA`,
		body: `<p class="code">${status}</p>
${sections.join("\n")}
<div class="actions"><a href="/">${escapeHtml(TEXTS.en.error.toHome)}</a><a href="/?lng=ru" lang="ru">${escapeHtml(TEXTS.ru.error.toHome)}</a></div>`,
	});
}

/**
 * The maintenance page in the visitor's language and theme. An administrator can reach sign-in from it;
 * someone signed in who is not one can sign out.
 */
export function maintenancePage({
	language,
	theme,
	signedIn,
}: {
	language: Language;
	theme: Theme;
	signedIn: boolean;
}): string {
	const t = TEXTS[language];
	const other: Language = language === "en" ? "ru" : "en";
	const action = signedIn
		? `<form method="post" action="/logout"><button type="submit">${escapeHtml(t.maintenance.signOut)}</button></form>`
		: `<a href="/login?lng=${language}">${escapeHtml(t.maintenance.signIn)}</a>`;
	return document({
		language,
		theme,
		title: t.maintenance.metaTitle,
		body: `<p class="code">${escapeHtml(t.maintenance.code)}</p>
<h1>${escapeHtml(t.maintenance.title)}</h1>
<p>${escapeHtml(t.maintenance.text)}</p>
<div class="actions">${action}<a href="?lng=${other}" lang="${other}">${escapeHtml(TEXTS[other].language[other])}</a></div>`,
	});
}
