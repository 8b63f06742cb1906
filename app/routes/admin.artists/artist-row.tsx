import { Link } from "@remix-run/react";
import { ResponsiveImage } from "~/components/responsive-image";
import { useTranslation } from "~/lib/translations";
import type { ArtistRow } from "./route";

const smallButton =
	"inline-flex h-9 items-center rounded-lg border border-line px-3 text-xs font-semibold hover:border-ink";

/** One artist: portrait, name (their public page), city, works, order and the Edit / Delete links. */
export function ArtistTableRow({ artist }: { artist: ArtistRow }) {
	const { t } = useTranslation("admin");
	return (
		<tr className="border-b border-line align-middle" data-testid="artist-row">
			<td className="py-3 pr-4" data-label={t("artists.columns.portrait")}>
				{artist.image ? (
					<ResponsiveImage
						image={artist.image}
						alt={t("artists.portraitOf", { name: artist.name })}
						sizes="56px"
						className="size-14 rounded-full bg-ink/5 object-cover"
					/>
				) : (
					<span className="flex size-14 items-center justify-center rounded-full bg-ink/5 text-[10px] text-muted">
						{t("artists.noPortrait")}
					</span>
				)}
			</td>
			<th scope="row" className="py-3 pr-4 font-semibold" data-label={t("artists.columns.name")}>
				<Link to={`/artist/${encodeURIComponent(artist.id)}`} className="hover:underline">
					{artist.name}
				</Link>
				<span className="block font-mono text-xs font-normal text-muted">{artist.id}</span>
			</th>
			<td className="py-3 pr-4" data-label={t("artists.columns.city")}>
				{artist.city}
			</td>
			<td className="py-3 pr-4" data-label={t("artists.columns.works")}>
				{t("artists.worksCount", { count: artist.works })}
			</td>
			<td className="py-3 pr-4 text-muted" data-label={t("artists.columns.order")}>
				{artist.sortOrder}
			</td>
			<td className="py-3 max-md:flex-wrap" data-label={t("artists.columns.actions")}>
				<div className="flex flex-wrap items-center gap-2">
					<Link
						to={`?edit=${encodeURIComponent(artist.id)}`}
						className={smallButton}
						aria-label={t("artists.editNamed", { name: artist.name })}
					>
						{t("artists.edit")}
					</Link>
					<Link
						to={`?${new URLSearchParams({ delete: artist.id, version: String(artist.version) })}`}
						preventScrollReset
						className={smallButton}
						aria-label={t("artists.deleteNamed", { name: artist.name })}
					>
						{t("artists.delete")}
					</Link>
				</div>
			</td>
		</tr>
	);
}
