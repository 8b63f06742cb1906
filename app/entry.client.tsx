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
		{ onRecoverableError },
	);
});

/**
 * React's default (the error goes to `reportError`), except for one expected case: a part whose code
 * loads after the first view (app/lib/deferred.tsx) that an update reaches before its code is here, say
 * a click that navigates away at once, is rendered afresh in the browser instead of hydrated (#421).
 */
function onRecoverableError(error: unknown) {
	const message = error instanceof Error ? error.message : String(error);
	if (/#421\b|received an update before it finished hydrating/.test(message)) return;
	if (typeof reportError === "function") reportError(error);
	else console.error(error);
}
