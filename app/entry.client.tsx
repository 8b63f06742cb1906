import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { readTranslations, TextStoreProvider, TranslationsProvider } from "./lib/translations";

// The server rendered in the language written on <html lang> and put that language's texts for this
// page's namespaces in the page: start with exactly those, so hydration matches without a request.
const { json, store } = readTranslations();
startTransition(() => {
	hydrateRoot(
		document,
		<TranslationsProvider value={json}>
			<TextStoreProvider value={store}>
				<StrictMode>
					<RemixBrowser />
				</StrictMode>
			</TextStoreProvider>
		</TranslationsProvider>,
	);
});
