import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowRightIcon } from "~/components/icons";
import { ResponsiveImage } from "~/components/responsive-image";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { imageUrl } from "~/lib/images";
import type { PageCacheHandle } from "~/lib/page-cache-policy";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { localizedWritten, typesetName } from "~/lib/typography.server";
import { listArtistsWithWorkCount } from "~/models/artists.server";
import { toStoredImage } from "~/models/stored-image.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["artists"], pageCache: { shared: true } } satisfies I18nHandle &
	PageCacheHandle;

const CARD_SIZES = "(min-width: 1280px) 23vw, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 92vw";
/** A card's teaser: the description's opening, long enough to say what the studio does. */
const TEASER_MIN_LENGTH = 90;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
	seoMeta({
		...rootMetaData(matches),
		title: data?.meta.title ?? "FORMA",
		description: data?.meta.description ?? "",
		path: "/artists",
		image: data?.meta.image,
	});

export async function loader({ request }: LoaderFunctionArgs) {
	const language = await getLanguage(request);
	const t = await i18nServer.getFixedT(language, "artists");
	const artists = await listArtistsWithWorkCount();
	const cards = artists.map((artist) => ({
		id: artist.id,
		name: typesetName(artist.name),
		teaser: teaser(localizedWritten(language, artist.description_en, artist.description_ru)),
		image: toStoredImage(artist),
		workCount: artist.work_count,
		city: localizedWritten(language, artist.city_en, artist.city_ru),
	}));
	const shareImage = cards.find((card) => card.image)?.image?.key;
	return {
		artists: cards,
		meta: {
			title: t("index.metaTitle"),
			description: t("index.metaDescription"),
			image: shareImage ? imageUrl(shareImage) : null,
		},
	};
}

/** The first sentence, or the first two when the first is too short to say much. */
function teaser(description: string): string {
	// Sentences end at a plain space: typesetting joins «ул.», «г.» to the next word with a no-break one.
	const sentences = description.split(/(?<=[.!?…])[ \t\r\n]+/);
	const first = sentences[0] ?? "";
	const second = sentences[1];
	return first.length < TEASER_MIN_LENGTH && second ? `${first} ${second}` : first;
}

export default function ArtistsPage() {
	const { artists } = useLoaderData<typeof loader>();
	const { t } = useTranslation("artists");
	return (
		<div className="mx-auto max-w-[1440px] px-5 md:px-10">
			<header className="grid gap-8 border-b border-line py-16 md:py-24 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)] lg:items-end">
				<div>
					<p className="text-xs font-semibold tracking-[0.18em] text-muted uppercase">{t("index.eyebrow")}</p>
					<h1 className="mt-5 font-display text-[clamp(2.5rem,7vw,6rem)] leading-[0.95] font-semibold tracking-[-0.045em] text-balance">
						{t("index.title")}
					</h1>
				</div>
				<div className="lg:pb-2">
					<p className="max-w-xl text-lg leading-relaxed text-muted">{t("index.intro")}</p>
					<p className="mt-4 text-sm font-semibold">{t("index.count", { count: artists.length })}</p>
				</div>
			</header>
			{artists.length === 0 ? (
				<p className="py-16 text-muted">{t("index.empty")}</p>
			) : (
				<ul className="grid gap-x-6 gap-y-14 py-12 sm:grid-cols-2 md:py-16 lg:grid-cols-3 xl:grid-cols-4">
					{artists.map((artist, index) => (
						<li key={artist.id}>
							<ArtistCard artist={artist} priority={index === 0} />
						</li>
					))}
				</ul>
			)}
		</div>
	);
}

type ArtistCardData = ReturnType<typeof useLoaderData<typeof loader>>["artists"][number];

/**
 * The whole card is clickable, but through a single link ("View Profile") whose hit area is stretched over
 * the card: one tab stop per artist. Its name is the visible text; the artist's name describes it, so a
 * list of links still says whose profile each one opens.
 */
function ArtistCard({ artist, priority }: { artist: ArtistCardData; priority: boolean }) {
	const { t } = useTranslation("artists");
	const nameId = `artist-${artist.id}`;
	return (
		<article className="group relative flex h-full flex-col">
			<div className="relative aspect-[4/5] overflow-hidden rounded-xl bg-card">
				{artist.image ? (
					<ResponsiveImage
						image={artist.image}
						alt=""
						sizes={CARD_SIZES}
						priority={priority}
						className="size-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
					/>
				) : (
					<div className="size-full bg-[url(/placeholder.svg)] bg-cover bg-center" />
				)}
				<span className="absolute top-4 left-4 rounded-full bg-paper/85 px-3 py-1 text-xs font-semibold text-ink backdrop-blur-sm">
					{artist.workCount > 0 ? t("card.works", { count: artist.workCount }) : t("card.noWorks")}
				</span>
			</div>
			<h2 id={nameId} className="mt-5 font-display text-2xl leading-tight font-medium tracking-[-0.02em]">
				{artist.name}
			</h2>
			{artist.city ? <p className="mt-1 text-sm text-muted">{artist.city}</p> : null}
			<p className="mt-2 line-clamp-3 text-sm leading-relaxed text-ink/80">{artist.teaser}</p>
			<Link
				to={`/artist/${encodeURIComponent(artist.id)}`}
				prefetch="intent"
				aria-describedby={nameId}
				className="mt-4 inline-flex items-center gap-2 self-start text-sm font-semibold after:absolute after:inset-0 after:rounded-xl after:content-['']"
			>
				<span className="link-underline group-hover:bg-[length:100%_1px]">{t("card.viewProfile")}</span>
				<ArrowRightIcon
					width={16}
					height={16}
					className="transition-transform duration-300 group-hover:translate-x-1 motion-reduce:transition-none"
				/>
			</Link>
		</article>
	);
}
