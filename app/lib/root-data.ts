import { useFetchers, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import type { loader as rootLoader } from "~/root";
import { currentYear } from "./format";
import { DEFAULT_LANGUAGE, type Language } from "./i18n";
import { maintenanceInfo } from "./maintenance";
import { DEFAULT_THEME, isTheme, THEME_STORAGE_KEY, type Theme } from "./theme";
import type { Toast } from "./toast";

export interface RootData {
	language: Language;
	theme: Theme;
	year: number;
	audioUrl: string;
	/** The signed-in visitor, if any (just what the shell shows). */
	user: {
		username: string;
		role: "user" | "admin";
		email: string;
		phone: string | null;
		emailVerified: boolean;
	} | null;
	toast: Toast | null;
	/** Ids of the signed-in visitor's favourite projects. */
	favourites: string[];
	/** Maintenance mode is on (told to administrators, the only ones who get past it). */
	maintenanceOn: boolean;
	/** The seller's legal name and INN, for the footer (settings; decision 0032). */
	seller: { name: string; inn: string };
}

/**
 * The root loader's data, with safe defaults when the root loader itself failed (error page). During
 * maintenance the root loader throws a 503 that carries the visitor's language and theme, so the
 * maintenance page still renders in them (and hydrates in the same language).
 */
export function useRootData(): RootData {
	const data = useRouteLoaderData<typeof rootLoader>("root");
	const maintenance = maintenanceInfo(useRouteError());
	return {
		language: data?.language ?? maintenance?.language ?? DEFAULT_LANGUAGE,
		theme: data?.theme ?? maintenance?.theme ?? DEFAULT_THEME,
		year: data?.year ?? currentYear(),
		audioUrl: data?.audioUrl ?? "/audio/forma-loop.mp3",
		user: data?.user ?? null,
		toast: data?.toast ?? null,
		favourites: data?.favourites ?? [],
		maintenanceOn: data?.maintenanceOn ?? false,
		seller: data?.seller ?? { name: "", inn: "" },
	};
}

/** The theme to show now: a pending switch wins over the cookie's value, so the toggle feels instant. */
export function useTheme(): Theme {
	const { theme } = useRootData();
	const pending = useFetchers().find((fetcher) => fetcher.formAction === "/resources/theme");
	const optimistic = pending?.formData?.get("theme");
	const current = isTheme(optimistic) ? optimistic : theme;
	useEffect(() => {
		// A task of its own: a page's first use of localStorage loads it from disk (15 ms on a phone), and
		// hydration's effects should not wait for a mirror of what the cookie already says.
		const timer = setTimeout(() => {
			try {
				window.localStorage.setItem(THEME_STORAGE_KEY, current);
			} catch {
				// Storage can be unavailable (private mode, quota); the cookie still carries the choice.
			}
		});
		return () => clearTimeout(timer);
	}, [current]);
	return current;
}
