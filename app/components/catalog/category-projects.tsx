import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ArrowRightIcon } from "~/components/icons";
import { ProjectCard } from "~/components/project-card";
import { PagedList } from "~/components/ui/paged-list";
import type { PageInfo } from "~/lib/paging";
import type { ProjectSummary } from "~/lib/project-summary";
import { useTranslation } from "~/lib/translations";

interface CategoryProjectsProps {
	/** One page of the category's pieces. */
	projects: ProjectSummary[];
	paging: PageInfo;
	/** The category page's address without its page (a chip changes it). */
	list: string;
	/**
	 * The projects could not be loaded: a translated alert replaces the grid. Only the fact travels, never
	 * the cause (a database's message is for the server log, not for visitors).
	 */
	failed?: boolean;
	/** Controls that narrow the grid (the Design page's chips), between the heading and the grid. */
	filters?: ReactNode;
}

/**
 * A category's grid of project cards (1, 2 or 3 columns), a page at a time with "Show more" and page links
 * under it, its empty state, or its load error.
 */
export function CategoryProjects({
	projects,
	paging,
	list,
	failed = false,
	filters = null,
}: CategoryProjectsProps) {
	const { t } = useTranslation("catalog");
	return (
		<section
			aria-labelledby="category-projects"
			className="mx-auto max-w-[1440px] px-5 pt-12 pb-20 md:px-10 md:pt-16 md:pb-28"
		>
			<h2 id="category-projects" className="text-xs font-semibold tracking-[0.18em] text-muted uppercase">
				{t("category.projectsTitle")}
			</h2>
			{filters}
			{failed ? (
				<p
					role="alert"
					className="mt-8 rounded-xl border border-accent/40 bg-card px-5 py-4 text-sm font-medium text-ink"
				>
					{t("category.loadError", { message: t("category.loadErrorReason") })}
				</p>
			) : projects.length === 0 ? (
				<div className="mt-8 rounded-2xl border border-dashed border-line px-6 py-16 text-center">
					<p className="font-display text-xl font-medium">{t("category.empty")}</p>
					<p className="mx-auto mt-3 max-w-md text-sm text-muted">{t("category.emptyHint")}</p>
					<Link to="/shop" className="button-primary mt-8">
						{t("category.toShop")}
						<ArrowRightIcon width={18} height={18} />
					</Link>
				</div>
			) : (
				<PagedList
					items={projects}
					paging={paging}
					list={list}
					labelledBy="category-projects"
					className="mt-8 grid gap-x-6 gap-y-14 sm:grid-cols-2 lg:grid-cols-3"
					renderItem={(project, index) => (
						<ProjectCard project={project} headingLevel={3} showPrice priority={index === 0} />
					)}
				/>
			)}
		</section>
	);
}
