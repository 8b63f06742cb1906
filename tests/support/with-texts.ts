import { createElement, type ReactElement } from "react";
import type { Language } from "~/lib/i18n";
import { serverResources } from "~/lib/locale-resources.server";
import { PageLanguageProvider, TextStore, TextStoreProvider } from "~/lib/translations";

const texts = new TextStore({ language: "en", texts: serverResources });

/** `element` with every text in reach, shown in `language`, as a page render on the server has it. */
export function withTexts(language: Language, element: ReactElement): ReactElement {
	return createElement(
		TextStoreProvider,
		{ value: texts },
		createElement(PageLanguageProvider, { value: language }, element),
	);
}
