import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageIntro } from "~/components/pages/page-intro";
import { consentTextPath, isConsentPurpose } from "~/lib/consent";
import { formatDate } from "~/lib/format";
import type { I18nHandle, Language } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { localizedWritten } from "~/lib/typography.server";
import { getConsentText, getCurrentConsentText } from "~/models/consents.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["pages"] } satisfies I18nHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	const { origin, language } = rootMetaData(matches);
	if (!data) return [{ title: "FORMA" }];
	return [
		...seoMeta({
			title: data.title,
			description: data.title,
			path: consentTextPath(data.purpose),
			origin,
			language,
			type: "article",
		}),
		// An earlier version is published for those who consented to it, not for search engines.
		...(data.isCurrent ? [] : [{ name: "robots", content: "noindex" }]),
	];
};

const notFound = () => new Response("Not Found", { status: 404 });

/**
 * /consent/purchase and /consent/account: the consent to processing of personal data for that purpose, as
 * an administrator wrote it, in the site's language (docs/decisions/0031). `?version=n` shows an earlier
 * version, the one a record names; an unknown purpose or version is a 404. Not shared by the page cache:
 * the text lives in the database and the page is read rarely.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const purpose = params.purpose;
	if (!isConsentPurpose(purpose)) throw notFound();
	const asked = new URL(request.url).searchParams.get("version");
	if (asked !== null && !/^\d{1,9}$/.test(asked)) throw notFound();
	const [current, language] = await Promise.all([getCurrentConsentText(purpose), getLanguage(request)]);
	const text = asked === null ? current : await getConsentText(purpose, Number(asked));
	if (!text || !current) throw notFound();
	const t = await i18nServer.getFixedT(language, "pages");
	return data({
		purpose,
		title: `${t("consent.title")} — ${t(`consent.purposes.${purpose}`)}`,
		version: text.version,
		createdAt: text.created_at,
		isCurrent: text.version === current.version,
		currentVersion: current.version,
		body: localizedWritten(language, text.body_en, text.body_ru),
	});
}

export default function ConsentTextPage() {
	const { t, i18n } = useTranslation("pages");
	const { purpose, version, createdAt, isCurrent, currentVersion, body } = useLoaderData<typeof loader>();
	return (
		<article>
			<PageIntro eyebrow={t(`consent.purposes.${purpose}`)} title={t("consent.title")} size="document">
				<p className="mt-6 text-sm text-muted md:ml-auto md:max-w-2xl" data-testid="consent-version">
					{t("consent.version", { version })} ·{" "}
					<time dateTime={createdAt} className="font-semibold text-ink">
						{formatDate(createdAt, i18n.language as Language, "longDate")}
					</time>
				</p>
			</PageIntro>
			<div className="mx-auto max-w-[1440px] border-t border-line px-5 pt-12 pb-20 md:px-10 lg:pt-16">
				<div className="max-w-3xl space-y-4 leading-relaxed">
					{isCurrent ? null : (
						<p className="rounded-xl border border-line bg-card p-4 text-sm" role="note">
							{t("consent.earlier")}{" "}
							<Link to={consentTextPath(purpose)} className="font-semibold underline underline-offset-4">
								{t("consent.currentLink", { version: currentVersion })}
							</Link>
						</p>
					)}
					{body
						.split(/\n\s*\n/)
						.filter((paragraph) => paragraph.trim())
						.map((paragraph) => (
							<p key={paragraph} className="whitespace-pre-line">
								{paragraph.trim()}
							</p>
						))}
				</div>
			</div>
		</article>
	);
}
