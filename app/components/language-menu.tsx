import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { isLanguage, SUPPORTED_LANGUAGES } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import { useLoadLanguage, useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";
import { ChevronDownIcon, GlobeIcon } from "./icons";
import { useDisclosureDismiss } from "./use-disclosure-dismiss";

/**
 * A <details> dropdown: it opens and closes without JavaScript, and the choice is a plain form post.
 * With JavaScript it closes on Escape or an outside click and switches language in place.
 */
export function LanguageMenu() {
	const { t } = useTranslation();
	const loadLanguage = useLoadLanguage();
	const { language } = useRootData();
	const location = useLocation();
	const hydrated = useHydrated();
	const fetcher = useFetcher({ key: "language" });
	const detailsRef = useRef<HTMLDetailsElement>(null);
	useDisclosureDismiss(detailsRef);

	// A `?lng=` in the address outranks the cookie, so then the server must send us to a clean URL.
	const needsRedirect = !hydrated || new URLSearchParams(location.search).has("lng");
	useEffect(() => {
		if (fetcher.state === "submitting") detailsRef.current?.removeAttribute("open");
	}, [fetcher.state]);

	return (
		<details ref={detailsRef} className="relative">
			{/* biome-ignore lint/a11y/useSemanticElements: <summary> is the native disclosure control; the role names it as a button for assistive tech */}
			<summary
				role="button"
				className="icon-button w-auto gap-1.5 px-2.5 text-xs font-semibold tracking-[0.14em] uppercase"
			>
				<GlobeIcon width={18} height={18} />
				{/* The name comes from the hidden text, so the visible "EN" need not match an aria-label. */}
				<span className="sr-only">{t("language.current", { language: t(`language.${language}`) })}</span>
				<span aria-hidden="true">{language}</span>
				<ChevronDownIcon width={14} height={14} className="opacity-60" />
			</summary>
			<fetcher.Form
				method="post"
				action="/resources/language"
				onSubmit={(event) => {
					// The page's texts in the new language load first (/locales/…), so that the page, re-rendered
					// with the new language's data, never shows a mix of the two or keys without their texts.
					const submitter = (event.nativeEvent as SubmitEvent).submitter;
					const chosen = submitter?.getAttribute("value");
					if (!isLanguage(chosen) || needsRedirect) return;
					event.preventDefault();
					const form = new FormData(event.currentTarget, submitter);
					void loadLanguage(chosen).then(() =>
						fetcher.submit(form, { method: "post", action: "/resources/language" }),
					);
				}}
				className="absolute right-0 mt-2 flex min-w-40 flex-col rounded-xl border border-line bg-card p-1.5 shadow-xl shadow-black/10"
			>
				{needsRedirect ? (
					<input type="hidden" name="redirectTo" value={location.pathname + location.search} />
				) : null}
				{SUPPORTED_LANGUAGES.map((option) => (
					<button
						key={option}
						type="submit"
						name="lng"
						value={option}
						lang={option}
						aria-current={option === language ? "true" : undefined}
						className="flex items-center justify-between gap-4 rounded-lg px-3 py-2 text-left text-sm hover:bg-ink/5 aria-[current]:font-semibold"
					>
						{t(`language.${option}`)}
						{option === language ? <span aria-hidden="true">•</span> : null}
					</button>
				))}
			</fetcher.Form>
		</details>
	);
}
