import { escapeHtml } from "~/lib/escape-html";
import type { Language } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { ogrnKind, type SellerDetails } from "~/lib/seller";
import { typesetName } from "~/lib/typography.server";

/**
 * Every e-mail the site sends, in one look: the site's paper, ink and accent, its wordmark set in type, and
 * no trackers: the one picture a message may show is the piece's own, from our site, at an address that
 * says nothing about who opens it. Each has an HTML and a plain-text
 * part with the same content, in the recipient's language. docs/decisions/0017 has the whole design.
 */
export interface MailBody {
	/** The first line a mail client shows beside the subject. */
	preheader?: string;
	heading: string;
	paragraphs: string[];
	/** A small picture of the piece, from our own site (an absolute URL, nothing else is fetched). */
	picture?: { url: string; alt: string; width: number; height: number };
	/** Label–value lines, e.g. the piece and the price. */
	facts?: Array<{ label: string; value: string }>;
	/** The one button (and, in the text part, its URL on a line of its own). */
	action?: { label: string; url: string };
	/** Small print after the button: how long a link lasts, what to do if it was not you. */
	notes?: string[];
}

/** A message's own words, made in the recipient's language by its file in app/mail/messages/. */
export interface MailMessage {
	subject: string;
	body: MailBody;
}

export interface MailContent {
	subject: string;
	text: string;
	html: string;
}

const COLORS = {
	paper: "#f4f1ea",
	card: "#fbf9f4",
	ink: "#16140f",
	muted: "#6b655a",
	line: "#dcd5c7",
	accent: "#b5472b",
};
const FONT = "'Manrope', 'Segoe UI', Helvetica, Arial, sans-serif";

/** Renders a message in the site's look; `origin` is the public site (links, the footer). */
export async function composeMail(
	language: Language,
	options: { subject: string; body: MailBody; shopName: string; origin: string; seller?: SellerDetails },
): Promise<MailContent> {
	const t = await i18nServer.getFixedT(language, "mail");
	const { subject, shopName, origin } = options;
	const body = typesetBody(options.body);
	const footer = typesetName(t("layout.footer", { shopName }));
	// The seller's legal details, as the distance-selling rules ask of every message (decision 0032).
	const seller = options.seller;
	const sellerLine = seller?.name
		? typesetName(
				[
					seller.name,
					seller.inn ? t("layout.inn", { inn: seller.inn }) : "",
					seller.ogrn ? t(`layout.${ogrnKind(seller.ogrn)}`, { ogrn: seller.ogrn }) : "",
					seller.address,
				]
					.filter(Boolean)
					.join(", "),
			)
		: "";
	const privacyLine = seller?.privacyEmail ? t("layout.privacy", { email: seller.privacyEmail }) : "";
	const siteLine = t("layout.site", { url: origin });

	const text = [
		body.heading,
		"",
		...body.paragraphs.flatMap((paragraph) => [paragraph, ""]),
		...(body.facts?.length ? [...body.facts.map((fact) => `${fact.label}: ${fact.value}`), ""] : []),
		...(body.action ? [`${body.action.label}:`, body.action.url, ""] : []),
		...(body.notes?.length ? [...body.notes.flatMap((note) => [note, ""])] : []),
		"—",
		footer,
		...(sellerLine ? [sellerLine] : []),
		...(privacyLine ? [privacyLine] : []),
		origin,
	].join("\n");

	const paragraph = (content: string) =>
		`<p style="margin:0 0 16px;font-size:16px;line-height:1.55;color:${COLORS.ink}">${keepPhonesWhole(escapeHtml(content))}</p>`;
	const picture = body.picture
		? `<img src="${escapeHtml(body.picture.url)}" alt="${escapeHtml(body.picture.alt)}" width="${body.picture.width}" height="${body.picture.height}" style="display:block;margin:4px 0 20px;border:0;border-radius:12px;max-width:100%;height:auto;background:${COLORS.line}">`
		: "";
	const facts = body.facts?.length
		? `<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="margin:4px 0 20px;border-top:1px solid ${COLORS.line}">${body.facts
				.map(
					(fact) =>
						`<tr><td style="padding:10px 12px 10px 0;border-bottom:1px solid ${COLORS.line};font-size:14px;color:${COLORS.muted};white-space:nowrap;vertical-align:top">${escapeHtml(fact.label)}</td><td style="padding:10px 0;border-bottom:1px solid ${COLORS.line};font-size:15px;color:${COLORS.ink};font-weight:600">${keepPhonesWhole(escapeHtml(fact.value))}</td></tr>`,
				)
				.join("")}</table>`
		: "";
	const action = body.action
		? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:999px;background:${COLORS.ink}"><a href="${escapeHtml(body.action.url)}" style="display:inline-block;padding:14px 26px;font-family:${FONT};font-size:15px;font-weight:700;color:${COLORS.paper};text-decoration:none;border-radius:999px">${escapeHtml(body.action.label)}</a></td></tr></table><p style="margin:0 0 20px;font-size:13px;line-height:1.5;color:${COLORS.muted};word-break:break-all">${escapeHtml(t("layout.linkFallback"))}<br><a href="${escapeHtml(body.action.url)}" style="color:${COLORS.accent}">${escapeHtml(body.action.url)}</a></p>`
		: "";
	const notes = (body.notes ?? [])
		.map(
			(note) =>
				`<p style="margin:0 0 12px;font-size:13px;line-height:1.5;color:${COLORS.muted}">${escapeHtml(note)}</p>`,
		)
		.join("");

	const html = `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.paper};font-family:${FONT};color:${COLORS.ink}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(body.preheader ?? body.paragraphs[0] ?? "")}</div>
<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="background:${COLORS.paper}">
<tr><td align="center" style="padding:32px 16px">
<table role="presentation" cellpadding="0" cellspacing="0" width="100%" style="max-width:560px">
<tr><td style="padding:0 4px 20px"><a href="${escapeHtml(origin)}" style="font-family:${FONT};font-size:22px;font-weight:800;letter-spacing:0.18em;color:${COLORS.ink};text-decoration:none">FORMA</a></td></tr>
<tr><td style="background:${COLORS.card};border:1px solid ${COLORS.line};border-radius:20px;padding:32px 28px">
<h1 style="margin:0 0 20px;font-size:24px;line-height:1.2;font-weight:700;letter-spacing:-0.02em;color:${COLORS.ink}">${escapeHtml(body.heading)}</h1>
${body.paragraphs.map(paragraph).join("\n")}
${picture}
${facts}
${action}
${notes}
</td></tr>
<tr><td style="padding:20px 4px 0;font-size:12px;line-height:1.5;color:${COLORS.muted}">${escapeHtml(footer)}<br>${sellerLine ? `${escapeHtml(sellerLine)}<br>` : ""}${privacyLine ? `${escapeHtml(privacyLine)}<br>` : ""}<a href="${escapeHtml(origin)}" style="color:${COLORS.muted}">${escapeHtml(siteLine)}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
	return { subject, text, html };
}

/** A phone number (+7 and ten digits, however spaced): one line, never broken at its spaces or dashes. */
const PHONE = /\+7[\d\s\u00a0()-]{9,}\d/g;

function keepPhonesWhole(html: string): string {
	return html.replace(PHONE, (phone) => `<span style="white-space:nowrap">${phone}</span>`);
}

/**
 * A message's own words come typeset with the locales; the names it quotes from the database (a piece, an
 * artist, the shop) get their no-break spaces here, where the two meet, and nothing else of them changes.
 */
function typesetBody(body: MailBody): MailBody {
	return {
		...body,
		preheader: body.preheader === undefined ? undefined : typesetName(body.preheader),
		heading: typesetName(body.heading),
		paragraphs: body.paragraphs.map((paragraph) => typesetName(paragraph)),
		facts: body.facts?.map((fact) => ({ label: typesetName(fact.label), value: typesetName(fact.value) })),
		action: body.action && { ...body.action, label: typesetName(body.action.label) },
		notes: body.notes?.map((note) => typesetName(note)),
	};
}
