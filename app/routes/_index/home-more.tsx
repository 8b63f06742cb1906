import { CategoryLinks } from "~/components/home/category-links";
import {
	AboutBlock,
	type ArtistTeaser,
	DesignersBlock,
	FeaturedBlock,
} from "~/components/home/home-sections";
import type { ProjectSummary } from "~/lib/project-summary";

/** The home page below its hero: the categories, the about block, featured projects and designers. */
export function HomeMore({ featured, artists }: { featured: ProjectSummary[]; artists: ArtistTeaser[] }) {
	return (
		<>
			<CategoryLinks />
			<AboutBlock />
			<FeaturedBlock projects={featured} />
			<DesignersBlock artists={artists} />
		</>
	);
}
