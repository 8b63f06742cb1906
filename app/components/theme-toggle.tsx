import { useFetcher, useLocation } from "@remix-run/react";
import { useTheme } from "~/lib/root-data";
import { useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";
import { MoonIcon, SunIcon } from "./icons";

export function ThemeToggle() {
	const { t } = useTranslation();
	const theme = useTheme();
	const fetcher = useFetcher({ key: "theme" });
	const location = useLocation();
	const hydrated = useHydrated();
	const next = theme === "dark" ? "light" : "dark";
	return (
		<fetcher.Form method="post" action="/resources/theme">
			{/* Without JavaScript the form posts normally and comes back to this page. */}
			{hydrated ? null : (
				<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
			)}
			<button
				type="submit"
				name="theme"
				value={next}
				className="icon-button"
				aria-label={t(next === "dark" ? "theme.toDark" : "theme.toLight")}
				title={t(next === "dark" ? "theme.toDark" : "theme.toLight")}
			>
				{theme === "dark" ? <SunIcon /> : <MoonIcon />}
			</button>
		</fetcher.Form>
	);
}
