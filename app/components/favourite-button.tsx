import { useFetcher, useLocation } from "@remix-run/react";
import { useRootData } from "~/lib/root-data";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";
import { HeartIcon } from "./icons";

/** The heart on cards and the project page: a form post, shown as done at once with JavaScript. */
export function FavouriteButton({
	projectId,
	projectName,
	className,
}: {
	projectId: string;
	projectName: string;
	className?: string;
}) {
	const { t } = useTranslation();
	const { favourites } = useRootData();
	const fetcher = useFetcher({ key: `favourite-${projectId}` });
	const hydrated = useHydrated();
	const location = useLocation();
	const pending = fetcher.formData?.get("favourite");
	const active = typeof pending === "string" ? pending === "true" : favourites.includes(projectId);
	const label = t(active ? "favourites.remove" : "favourites.add", { name: projectName });
	return (
		<fetcher.Form method="post" action="/resources/favourites" className={className}>
			<input type="hidden" name="projectId" value={projectId} />
			<input type="hidden" name="favourite" value={active ? "false" : "true"} />
			{hydrated ? null : (
				<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
			)}
			<button
				type="submit"
				aria-label={label}
				aria-pressed={active}
				title={label}
				className={cx(
					"grid size-10 place-items-center rounded-full bg-paper/85 shadow-sm backdrop-blur transition hover:scale-105",
					active ? "text-accent" : "text-ink",
				)}
			>
				<HeartIcon width={18} height={18} fill={active ? "currentColor" : "none"} />
			</button>
		</fetcher.Form>
	);
}
