import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ArrowRightIcon } from "~/components/icons";
import { ProjectCard } from "~/components/project-card";
import { ResponsiveImage } from "~/components/responsive-image";
import type { StoredImage } from "~/lib/images";
import type { ProjectSummary } from "~/lib/project-summary";
import { useTranslation } from "~/lib/translations";

/** What the designers block needs of an artist. */
export interface ArtistTeaser {
	id: string;
	name: string;
	image: StoredImage | null;
}

function SectionHeader({
	id,
	eyebrow,
	title,
	action,
}: {
	id: string;
	eyebrow: string;
	title: string;
	action?: ReactNode;
}) {
	return (
		<div className="flex flex-wrap items-end justify-between gap-x-8 gap-y-4 border-b border-line pb-6">
			<div>
				<p className="text-xs font-semibold tracking-[0.18em] text-muted uppercase">{eyebrow}</p>
				<h2
					id={id}
					className="mt-3 font-display text-3xl leading-tight font-medium tracking-[-0.03em] md:text-5xl"
				>
					{title}
				</h2>
			</div>
			{action}
		</div>
	);
}

function ArrowLink({ to, children }: { to: string; children: ReactNode }) {
	return (
		<Link to={to} prefetch="intent" className="group inline-flex items-center gap-2 font-semibold">
			<span className="link-underline">{children}</span>
			<ArrowRightIcon className="transition-transform duration-300 group-hover:translate-x-1" />
		</Link>
	);
}

/** What FORMA is: an agency and a gallery. */
export function AboutBlock() {
	const { t } = useTranslation("home");
	return (
		<section aria-labelledby="home-about" className="mx-auto max-w-[1440px] px-5 py-24 md:px-10 md:py-32">
			<div className="grid gap-10 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-16">
				<div>
					<p className="text-xs font-semibold tracking-[0.18em] text-muted uppercase">{t("about.eyebrow")}</p>
					<h2
						id="home-about"
						className="mt-3 font-display text-3xl leading-tight font-medium tracking-[-0.03em] md:text-5xl"
					>
						{t("about.title")}
					</h2>
				</div>
				<div className="space-y-6 text-lg leading-relaxed md:text-xl">
					<p>{t("about.agency")}</p>
					<p className="text-ink/80">{t("about.gallery")}</p>
					<ArrowLink to="/about">{t("about.more")}</ArrowLink>
				</div>
			</div>
		</section>
	);
}

export function FeaturedBlock({ projects }: { projects: ProjectSummary[] }) {
	const { t } = useTranslation("home");
	return (
		<section aria-labelledby="home-featured" className="mx-auto max-w-[1440px] px-5 pb-24 md:px-10 md:pb-32">
			<SectionHeader
				id="home-featured"
				eyebrow={t("featured.eyebrow")}
				title={t("featured.title")}
				action={<ArrowLink to="/shop">{t("featured.viewAll")}</ArrowLink>}
			/>
			{projects.length === 0 ? (
				<p className="py-12 text-muted">{t("featured.empty")}</p>
			) : (
				<ul className="grid gap-x-6 gap-y-12 pt-10 sm:grid-cols-2 lg:grid-cols-3">
					{projects.map((project) => (
						<li key={project.id}>
							<ProjectCard project={project} headingLevel={3} showPrice />
						</li>
					))}
				</ul>
			)}
		</section>
	);
}

/** The designers and studios whose work the gallery shows. */
export function DesignersBlock({ artists }: { artists: ArtistTeaser[] }) {
	const { t } = useTranslation("home");
	if (artists.length === 0) return null;
	return (
		<section aria-labelledby="home-designers" className="border-t border-line bg-card">
			<div className="mx-auto max-w-[1440px] px-5 py-24 md:px-10 md:py-32">
				<SectionHeader
					id="home-designers"
					eyebrow={t("designers.eyebrow")}
					title={t("designers.title")}
					action={<ArrowLink to="/artists">{t("designers.viewAll")}</ArrowLink>}
				/>
				<ul className="grid grid-cols-2 gap-x-5 gap-y-10 pt-10 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-7">
					{artists.map((artist) => (
						<li key={artist.id}>
							<Link to={`/artist/${encodeURIComponent(artist.id)}`} prefetch="intent" className="group block">
								<span className="block aspect-square overflow-hidden rounded-full bg-paper">
									{artist.image ? (
										<ResponsiveImage
											image={artist.image}
											alt=""
											sizes="(min-width: 1280px) 12vw, (min-width: 1024px) 22vw, (min-width: 640px) 30vw, 45vw"
											className="size-full object-cover grayscale-[35%] transition duration-500 group-hover:scale-105 group-hover:grayscale-0"
										/>
									) : (
										<span className="grid size-full place-items-center font-display text-3xl text-muted">
											{artist.name.slice(0, 1)}
										</span>
									)}
								</span>
								<span className="mt-4 block text-center font-display text-base font-medium tracking-[-0.01em]">
									{artist.name}
								</span>
							</Link>
						</li>
					))}
				</ul>
			</div>
		</section>
	);
}
