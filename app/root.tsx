import {
	data,
	type HeadersFunction,
	type LinksFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from "@remix-run/node";
import {
	isRouteErrorResponse,
	Links,
	LiveReload,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useRouteError,
} from "@remix-run/react";
import { lazy, Suspense } from "react";
import { BackToTop } from "./components/back-to-top";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Toaster } from "./components/ui/toaster";
import { VerifyEmailBanner } from "./components/verify-email-banner";
import { publicOrigin } from "./lib/env.server";
import { preloadedFonts } from "./lib/fonts";
import { currentYear } from "./lib/format";
import { getLanguage, i18nServer } from "./lib/i18n.server";
import { maintenanceInfo } from "./lib/maintenance";
import { useNonce } from "./lib/nonce";
import { formatVariant, VARIANT_HEADER } from "./lib/page-cache.server";
import { useRootData, useTheme } from "./lib/root-data";
import { getTheme } from "./lib/theme.server";
import { takeToast } from "./lib/toast.server";
import { PageLanguageProvider, TranslationsScript, useTranslation } from "./lib/translations";
import { listFavouriteIds } from "./models/favourites.server";
import { getSettings } from "./models/settings.server";
import { getUser } from "./services/auth.server";
import { assertSiteOpen } from "./services/maintenance.server";
import stylesheet from "./styles/tailwind.css";

export const links: LinksFunction = () => [
	{ rel: "stylesheet", href: stylesheet },
	{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
	const [language, theme] = await Promise.all([getLanguage(request), getTheme(request)]);
	const t = await i18nServer.getFixedT(language);
	const [settings, user, { toast, headers }] = await Promise.all([
		getSettings(),
		getUser(request),
		takeToast(request),
	]);
	// Maintenance mode is decided by the server before Remix (docs/decisions/0007); this is the second line,
	// for `remix dev` and direct calls: everyone but administrators gets the 503 (the error boundary).
	await assertSiteOpen(request, { settings, user });
	// The page cache stores a copy only under the language and theme the app really rendered it in.
	headers.set(VARIANT_HEADER, formatVariant(language, theme));
	return data(
		{
			language,
			theme,
			origin: publicOrigin(request),
			year: currentYear(),
			audioUrl: settings.audio_url,
			meta: {
				title: t("meta.title"),
				description: t("meta.description"),
				notFoundTitle: t("notFound.metaTitle"),
			},
			user: user
				? {
						username: user.username,
						role: user.role,
						email: user.email,
						emailVerified: user.email_verified_at !== null,
					}
				: null,
			favourites: user ? await listFavouriteIds(user.id) : [],
			toast,
		},
		{ headers },
	);
}

/**
 * Pages set their own headers; the root passes on what its own thrown responses carry (the maintenance
 * 503's Retry-After), since those never reach a child's headers function, and the rendered variant for the
 * page cache (the server strips it before sending).
 */
export const headers: HeadersFunction = ({ errorHeaders, loaderHeaders }) => {
	const headers = new Headers();
	for (const name of ["Retry-After", "Cache-Control"]) {
		const value = errorHeaders?.get(name);
		if (value) headers.set(name, value);
	}
	const variant = loaderHeaders.get(VARIANT_HEADER);
	if (variant) headers.set(VARIANT_HEADER, variant);
	return headers;
};

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
	const { t } = useTranslation();
	const { language, toast } = useRootData();
	const theme = useTheme();
	const nonce = useNonce();
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
					<VerifyEmailBanner />
					{children}
				</main>
				<SiteFooter />
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
		<Suspense fallback={null}>
			{maintenance ? <MaintenancePage signedIn={maintenance.signedIn} /> : <RouteErrorPage error={error} />}
		</Suspense>
	);
}
