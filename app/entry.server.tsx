import { randomBytes } from "node:crypto";
import {
	createReadableStreamFromReadable,
	type EntryContext,
	type HandleDataRequestFunction,
	type HandleErrorFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { htmlStream } from "./lib/html-stream.server";
import { getLanguage, languageParamCookie, pageTranslations, serverTexts } from "./lib/i18n.server";
import { logger } from "./lib/logger.server";
import { NonceProvider } from "./lib/nonce";
import { applySecurityHeaders } from "./lib/security-headers.server";
import { TextStoreProvider, TranslationsProvider } from "./lib/translations";

export const streamTimeout = 5000;

export default async function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
): Promise<Response> {
	const nonce = randomBytes(16).toString("base64");
	const language = await getLanguage(request);

	applySecurityHeaders(responseHeaders, nonce);
	const languageCookie = await languageParamCookie(request);
	if (languageCookie) responseHeaders.append("Set-Cookie", languageCookie);

	// Crawlers get the whole page at once; people get the shell as soon as it is ready.
	const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

	return new Promise((resolve, reject) => {
		let shellRendered = false;
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<TextStoreProvider value={serverTexts}>
					<TranslationsProvider value={pageTranslations(language, remixContext)}>
						<RemixServer context={remixContext} url={request.url} nonce={nonce} />
					</TranslationsProvider>
				</TextStoreProvider>
			</NonceProvider>,
			{
				nonce,
				[readyEvent]() {
					shellRendered = true;
					const body = htmlStream();
					responseHeaders.set("Content-Type", "text/html; charset=utf-8");
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					);
					pipe(body);
				},
				onShellError(error: unknown) {
					reject(error);
				},
				onError(error: unknown) {
					responseStatusCode = 500;
					// Errors before the shell is ready are reported by onShellError.
					if (shellRendered) logger.error("render failed", error, { path: new URL(request.url).pathname });
				},
			},
		);
		setTimeout(abort, streamTimeout + 1000);
	});
}

export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
	applySecurityHeaders(response.headers, null);
	const languageCookie = await languageParamCookie(request);
	if (languageCookie) response.headers.append("Set-Cookie", languageCookie);
	return response;
};

export const handleError: HandleErrorFunction = (error, { request }) => {
	// Aborted requests (the visitor navigated away) are not errors worth logging.
	if (request.signal.aborted) return;
	logger.error("request failed", error, { method: request.method, path: new URL(request.url).pathname });
};
