import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, i18nConfig, isLanguage } from "./lib/i18n";

async function hydrate(): Promise<void> {
	// The server rendered in the language written on <html lang>; start in the same one to match it.
	const lang = document.documentElement.lang;
	await i18next
		.use(initReactI18next)
		.init({ ...i18nConfig, lng: isLanguage(lang) ? lang : DEFAULT_LANGUAGE });
	startTransition(() => {
		hydrateRoot(
			document,
			<I18nextProvider i18n={i18next}>
				<StrictMode>
					<RemixBrowser />
				</StrictMode>
			</I18nextProvider>,
		);
	});
}

void hydrate();
