/**
 * The pages the server answers with itself, before Remix: a request it cannot read (400), a method it does
 * not answer (405), too many uploads, sign-ins or password forms at once (429) and maintenance mode (503).
 * They are small, self-contained HTML documents in the site's colours and wordmark, with no script and nothing from the page that was asked for, and a policy that
 * allows only their own inline style.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Request } from "express";
import { WORDMARK_PATHS } from "~/components/wordmark-paths";
import { escapeHtml } from "~/lib/escape-html";
import type { Language } from "~/lib/i18n";
import { serverResources } from "~/lib/locale-resources.server";
import type { MaintenanceContacts } from "~/lib/maintenance";
import { applySecurityHeaders } from "~/lib/security-headers.server";
import { brandWord } from "~/lib/site";
import type { Theme } from "~/lib/theme";

/** The site's own texts, typeset as everywhere else (app/lib/typography.server.ts). */
const TEXTS = { en: serverResources.en.common, ru: serverResources.ru.common } as const;

/** The site's colours (app/styles/tailwind.css) and its two faces, or their metric-matched stand-ins. */
const COLOURS = [
	":root{color-scheme:light;--paper:#f4f1ea;--card:#fbf9f4;--ink:#16140f;--muted:#6b655a;--line:#dcd5c7;--accent:#b5472b}",
	".dark{color-scheme:dark;--paper:#0f0e0c;--card:#191714;--ink:#efeae0;--muted:#a29b8c;--line:#2e2a24;--accent:#e27352}",
].join("");
const LAYOUT = [
	"*{box-sizing:border-box}",
	"body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:var(--paper);color:var(--ink);",
	"font-family:'Manrope Variable','Manrope Fallback',system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.5;",
	"-webkit-font-smoothing:antialiased}",
	"header{height:5rem;display:flex;align-items:center;padding:0 1.25rem;border-bottom:1px solid var(--line)}",
	".brand{display:block;color:var(--ink);font-size:1.5rem;line-height:0}",
	".brand svg{display:block}",
	"main{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;",
	"padding:3rem 1.25rem;text-align:center}",
	".code,h1{font-family:'Unbounded Variable','Unbounded Fallback',system-ui,sans-serif}",
	".code{font-size:clamp(5rem,18vw,11rem);line-height:1;font-weight:600;letter-spacing:-.06em;margin:0}",
	"h1{font-size:clamp(1.5rem,4vw,1.875rem);font-weight:500;letter-spacing:-.02em;margin:1rem 0 0}",
	"p{max-width:28rem;color:var(--muted)}",
	"a,button{color:var(--ink)}",
	"a{text-underline-offset:.2em}",
	"button{font:inherit;font-weight:600;padding:.75rem 1.75rem;border:0;border-radius:9999px;background:var(--ink);",
	"color:var(--paper);cursor:pointer}",
	".actions{display:flex;flex-wrap:wrap;justify-content:center;gap:1.5rem;align-items:center;margin-top:2rem}",
	".contacts{margin-top:2.5rem;padding:1.5rem 2rem;border:1px solid var(--line);border-radius:1rem;background:var(--card)}",
	".contacts h2{margin:0;font-size:.75rem;font-weight:600;letter-spacing:.2em;text-transform:uppercase;color:var(--muted)}",
	".contacts dl{margin:1rem 0 0;display:flex;flex-wrap:wrap;justify-content:center;gap:.75rem 2.5rem}",
	".contacts dt{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}",
	".contacts dd{margin:0;font-family:'Unbounded Variable','Unbounded Fallback',system-ui,sans-serif;",
	"font-size:1.125rem;font-weight:500;white-space:nowrap}",
	".contacts a{text-decoration-color:var(--accent)}",
].join("");

/**
 * The site's built font files, by name (manrope-latin, unbounded-cyrillic…), found once in the build's
 * asset folder: their names carry a hash of their content. Missing files (no build yet) leave the page to
 * the stand-in faces.
 */
export function findSiteFonts(assetsBuildDirectory: string, publicPath: string): SiteFonts {
	const folder = path.join(assetsBuildDirectory, "_assets");
	const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
	const find = (name: string) => {
		const file = files.find((candidate) => new RegExp(`^${name}-[A-Z0-9]+\\.woff2$`).test(candidate));
		return file ? `${publicPath}_assets/${file}` : null;
	};
	return {
		manrope: { latin: find("manrope-latin"), cyrillic: find("manrope-cyrillic") },
		unbounded: { latin: find("unbounded-latin"), cyrillic: find("unbounded-cyrillic") },
	};
}

export interface SiteFonts {
	manrope: { latin: string | null; cyrillic: string | null };
	unbounded: { latin: string | null; cyrillic: string | null };
}

/** The faces as the site declares them (app/styles/fonts/faces.css, app/styles/fonts.css), for this page. */
function fontFaces(fonts: SiteFonts | null): string {
	const latin = "U+20-7E,U+A0,U+A9,U+AB,U+AD,U+B0,U+B7,U+BB,U+D7,U+2000-206F,U+20AC,U+2122,U+2212";
	const cyrillic = "U+401,U+410-44F,U+451,U+2116";
	const face = (family: string, weights: string, url: string | null, range: string) =>
		url
			? `@font-face{font-family:'${family}';font-display:swap;font-weight:${weights};src:url(${url}) format('woff2-variations');unicode-range:${range}}`
			: "";
	const arial = "local('Arial'),local('ArialMT'),local('Liberation Sans'),local('LiberationSans')";
	return [
		face("Manrope Variable", "200 800", fonts?.manrope.latin ?? null, latin),
		face("Manrope Variable", "200 800", fonts?.manrope.cyrillic ?? null, cyrillic),
		face("Unbounded Variable", "500 600", fonts?.unbounded.latin ?? null, latin),
		face("Unbounded Variable", "500 600", fonts?.unbounded.cyrillic ?? null, cyrillic),
		`@font-face{font-family:'Manrope Fallback';src:${arial};size-adjust:102%;ascent-override:105%;descent-override:29.4%;line-gap-override:0%}`,
		`@font-face{font-family:'Unbounded Fallback';src:${arial};size-adjust:102%;ascent-override:97.5%;descent-override:24%;line-gap-override:0%}`,
	].join("");
}

/** The page's one stylesheet and its hash for the policy; the font files' addresses are part of it. */
function pageStyle(fonts: SiteFonts | null): { style: string; hash: string } {
	const style = fontFaces(fonts) + COLOURS + LAYOUT;
	return { style, hash: createHash("sha256").update(style).digest("base64") };
}

/**
 * The site's security headers (app/lib/security-headers.server.ts), with a policy that allows nothing but
 * this page's own inline style and the site's own font files; never stored by any cache. `fonts`: the
 * files the page names (the maintenance page's), which are part of its style and so of its hash.
 */
export function refusalPageHeaders(fonts: SiteFonts | null = null): Record<string, string> {
	const { hash } = pageStyle(fonts);
	const headers = new Headers({
		"Content-Type": "text/html; charset=utf-8",
		"Content-Security-Policy": `default-src 'none'; style-src 'sha256-${hash}'; font-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
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

/** The wordmark as the site's header draws it (app/components/wordmark.tsx), named in the page's language. */
function wordmark(language: Language): string {
	const { d, box } = WORDMARK_PATHS.en;
	return `<svg role="img" aria-label="${escapeHtml(brandWord(language))}" viewBox="${box.x} ${box.y} ${box.width} ${box.height}" width="${box.width / 1000}em" height="${box.height / 1000}em" fill="currentColor" focusable="false"><path d="${d}"/></svg>`;
}

function document({
	language,
	theme,
	title,
	body,
	fonts = null,
}: {
	language: Language;
	theme: Theme;
	title: string;
	body: string;
	fonts?: SiteFonts | null;
}): string {
	return `<!DOCTYPE html>
<html lang="${language}"${theme === "dark" ? ' class="dark"' : ""}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${pageStyle(fonts).style}</style>
</head>
<body>
<header><a class="brand" href="/">${wordmark(language)}</a></header>
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
 * The maintenance page in the visitor's language and theme, in the site's faces and colours, with the
 * gallery's e-mail and phone (issue #35). An administrator can reach sign-in from it; someone signed in
 * who is not one can sign out. Send it with `refusalPageHeaders(fonts)`.
 */
export function maintenancePage({
	language,
	theme,
	signedIn,
	contacts,
	fonts,
}: {
	language: Language;
	theme: Theme;
	signedIn: boolean;
	contacts: MaintenanceContacts;
	fonts: SiteFonts | null;
}): string {
	const t = TEXTS[language];
	const other: Language = language === "en" ? "ru" : "en";
	const action = signedIn
		? `<form method="post" action="/logout"><button type="submit">${escapeHtml(t.maintenance.signOut)}</button></form>`
		: `<a href="/login?lng=${language}">${escapeHtml(t.maintenance.signIn)}</a>`;
	return document({
		language,
		theme,
		fonts,
		title: t.maintenance.metaTitle,
		body: `<p class="code">${escapeHtml(t.maintenance.code)}</p>
<h1>${escapeHtml(t.maintenance.title)}</h1>
<p>${escapeHtml(t.maintenance.text)}</p>
<section class="contacts" aria-labelledby="contacts-title">
<h2 id="contacts-title">${escapeHtml(t.maintenance.contactsTitle)}</h2>
<dl>
<div><dt>${escapeHtml(t.maintenance.email)}</dt><dd><a href="mailto:${escapeHtml(contacts.email)}">${escapeHtml(contacts.email)}</a></dd></div>
<div><dt>${escapeHtml(t.maintenance.phone)}</dt><dd><a href="tel:${escapeHtml(contacts.phoneLink)}">${escapeHtml(contacts.phone)}</a></dd></div>
</dl>
</section>
<div class="actions">${action}<a href="?lng=${other}" lang="${other}">${escapeHtml(TEXTS[other].language[other])}</a></div>`,
	});
}
