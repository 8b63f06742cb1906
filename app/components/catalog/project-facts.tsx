import { useTranslation } from "~/lib/translations";

/** The facts of a piece that are known, in the visitor's language; empty ones are left out. */
export interface ProjectFactValues {
	dimensions: string;
	materials: string;
	year: number | null;
	editionSize: number | null;
}

export function hasFacts(facts: ProjectFactValues): boolean {
	return Boolean(facts.dimensions || facts.materials || facts.year || facts.editionSize);
}

/** Dimensions, materials, year and edition as a definition list; nothing when none is set. */
export function ProjectFacts({ facts }: { facts: ProjectFactValues }) {
	const { t } = useTranslation("catalog");
	const rows: Array<[string, string]> = [];
	if (facts.dimensions)
		rows.push([
			t("project.facts.dimensions"),
			t("project.facts.dimensionsValue", { value: facts.dimensions }),
		]);
	if (facts.materials) rows.push([t("project.facts.materials"), facts.materials]);
	if (facts.year) rows.push([t("project.facts.year"), String(facts.year)]);
	if (facts.editionSize)
		rows.push([t("project.facts.edition"), t("project.facts.editionValue", { count: facts.editionSize })]);
	if (rows.length === 0) return null;
	return (
		<section aria-labelledby="project-facts" className="mt-10">
			<h2 id="project-facts" className="font-display text-xl font-medium tracking-[-0.01em]">
				{t("project.facts.title")}
			</h2>
			<dl className="mt-4 divide-y divide-line border-y border-line">
				{rows.map(([term, value]) => (
					<div key={term} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-4 py-3 text-sm">
						<dt className="text-muted">{term}</dt>
						<dd className="font-medium">{value}</dd>
					</div>
				))}
			</dl>
		</section>
	);
}
