import { randomBytes } from "node:crypto";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { htmlCollector } from "./lib/html-stream.server";
import { getLanguage, languageParamCookie, pageTranslations, serverTexts } from "./lib/i18n.server";
import { logger } from "./lib/logger.server";
import { NonceProvider } from "./lib/nonce";
import { applySecurityHeaders } from "./lib/security-headers.server";
import { TextStoreProvider, TranslationsProvider } from "./lib/translations";

/** The server that serves this build (app/server.ts launches it; the HTTP tests create its app): one module graph with the app. */
export { createApp, createHttpServer } from "./server/app";
export { serve } from "./server/start";

export const streamTimeout = 5000;

/** The server runs the app inside the app's own request scope (app/server/remix-handler.ts). */
export { runInRequestScope } from "./lib/request-scope.server";

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

	return new Promise((resolve, reject) => {
		const timeout = setTimeout(() => abort(), streamTimeout + 1000);
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
				// The whole page, then one response (lib/html-stream.server.ts): nothing on it is deferred.
				onAllReady() {
					const { sink, html } = htmlCollector();
					html.then((body) => {
						clearTimeout(timeout);
						responseHeaders.set("Content-Type", "text/html; charset=utf-8");
						resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
					}, reject);
					pipe(sink);
				},
				onShellError(error: unknown) {
					reject(error);
				},
				onError(error: unknown) {
					responseStatusCode = 500;
					logger.error("render failed", error, { path: new URL(request.url).pathname });
				},
			},
		);
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
