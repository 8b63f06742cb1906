import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage } from "./lib/i18n";
import { readTranslations, TranslationsProvider, translationsBackend } from "./lib/translations";

async function hydrate(): Promise<void> {
	// The server rendered in the language written on <html lang> and put that language's texts for this
	// page's namespaces in the page: start with exactly those, so hydration matches without a request.
	const lang = document.documentElement.lang;
	const { json, payload } = readTranslations(isLanguage(lang) ? lang : DEFAULT_LANGUAGE);
	await i18next
		.use(initReactI18next)
		.use(translationsBackend(payload.versions))
		.init({
			...i18nConfig,
			lng: payload.lng,
			// Every key exists in both languages (tests/unit/translations.test.ts): no second language to load.
			fallbackLng: false,
			ns: Object.keys(payload.resources).length ? Object.keys(payload.resources) : ["common"],
			resources: { [payload.lng]: payload.resources },
			// Later pages' namespaces come from the backend; until then their components suspend, and a
			// navigation (a transition) keeps showing the previous page instead of untranslated keys.
			partialBundledLanguages: true,
		});
	startTransition(() => {
		hydrateRoot(
			document,
			<TranslationsProvider value={json}>
				<I18nextProvider i18n={i18next}>
					<StrictMode>
						<RemixBrowser />
					</StrictMode>
				</I18nextProvider>
			</TranslationsProvider>,
		);
	});
}

void hydrate();
