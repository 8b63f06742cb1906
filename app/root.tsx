import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
	isRouteErrorResponse,
	Links,
	LiveReload,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useMatches,
	useRouteError,
} from "@remix-run/react";
import { lazy } from "react";
import { BackToTop } from "./components/back-to-top";
import { MaintenanceBanner } from "./components/maintenance-banner";
import { SiteHeader } from "./components/site-header";
import { Toaster } from "./components/ui/toaster";
import { VerifyEmailBanner } from "./components/verify-email-banner";
import { deferred } from "./lib/deferred";
import { preloadedFonts } from "./lib/fonts";
import { maintenanceInfo } from "./lib/maintenance";
import { useNonce } from "./lib/nonce";
import type { PageCacheHandle } from "./lib/page-cache-policy";
import { ReadySuspense, useDocumentHydrated } from "./lib/page-ready";
import { useRootData, useTheme } from "./lib/root-data";
import { PageLanguageProvider, TranslationsScript, useTranslation } from "./lib/translations";
import { loadRoot, rootHeaders } from "./root.server";
import stylesheet from "./styles/tailwind.css";

/**
 * The footer is links under every page: its code loads when the browser is idle after the first view, and
 * until then the server's footer works as it does without JavaScript (decision 0018).
 */
const SiteFooter = deferred(() => import("./components/site-footer").then((module) => module.SiteFooter), {
	nearIds: ["site-footer"],
});

export const links: LinksFunction = () => [
	{ rel: "stylesheet", href: stylesheet },
	{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Every page reads `?lng=` (the language a link asks for): it is part of every shared copy's key. */
export const handle = { pageCache: { query: ["lng"] } } satisfies PageCacheHandle;

export const loader = ({ request }: LoaderFunctionArgs) => loadRoot(request);

export const headers: HeadersFunction = rootHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
	{
		title:
			isRouteErrorResponse(error) && error.status === 404
				? (data?.meta.notFoundTitle ?? "404")
				: (maintenanceInfo(error)?.title ?? data?.meta.title ?? "FORMA"),
	},
	{ name: "description", content: data?.meta.description ?? "" },
];

export function Layout({ children }: { children: React.ReactNode }) {
	const { language } = useRootData();
	// Every text on the page follows the language the root loader chose.
	return (
		<PageLanguageProvider value={language}>
			<Document>{children}</Document>
		</PageLanguageProvider>
	);
}

function Document({ children }: { children: React.ReactNode }) {
	// Here rather than in App: an error page is rendered without App, inside this same document.
	useDocumentHydrated();
	const { t } = useTranslation();
	const { language, toast } = useRootData();
	const theme = useTheme();
	const nonce = useNonce();
	// Admin pages end with their own small footer (routes/admin.tsx), not the public one (issue #35).
	const adminPage = useMatches().some((match) => match.id === "routes/admin");
	return (
		<html lang={language} className={theme === "dark" ? "dark" : undefined} style={{ colorScheme: theme }}>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				<meta name="theme-color" content={theme === "dark" ? "#0f0e0c" : "#f4f1ea"} />
				<Meta />
				<Links />
				{/* After the stylesheet, which blocks the first paint and so must not queue behind them. */}
				{preloadedFonts(language).map((href) => (
					<link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
				))}
			</head>
			<body>
				<a href="#main" className="skip-link">
					{t("skipToContent")}
				</a>
				<SiteHeader />
				<main id="main" tabIndex={-1} className="min-h-[70vh] pt-20 outline-none">
					<MaintenanceBanner />
					<VerifyEmailBanner />
					{children}
				</main>
				{adminPage ? null : <SiteFooter />}
				<Toaster toast={toast} />
				<BackToTop />
				<TranslationsScript />
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
				<LiveReload nonce={nonce} />
			</body>
		</html>
	);
}

export default function App() {
	return <Outlet />;
}

/**
 * The error and maintenance pages load only when one is shown: the server renders them whole (it waits
 * for every lazy part), and in the browser the server's HTML stays until their code is here.
 */
const RouteErrorPage = lazy(() =>
	import("./components/error-page").then((module) => ({ default: module.RouteErrorPage })),
);
const MaintenancePage = lazy(() =>
	import("./components/maintenance-page").then((module) => ({ default: module.MaintenancePage })),
);

/** Maintenance (503) has its own page; everything else is RouteErrorPage's, by status. */
export function ErrorBoundary() {
	const error = useRouteError();
	const maintenance = maintenanceInfo(error);
	return (
		<ReadySuspense>
			{maintenance ? (
				<MaintenancePage signedIn={maintenance.signedIn} contacts={maintenance.contacts} />
			) : (
				<RouteErrorPage error={error} />
			)}
		</ReadySuspense>
	);
}
