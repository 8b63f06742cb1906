/**
 * The floor (tests/bench/pages.ts): Remix's own defaults, with the compiler settings and future flags FORMA
 * uses (../../../remix.config.js), so the two differ only by what FORMA does on top.
 */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
	serverModuleFormat: "esm",
	serverPlatform: "node",
	future: {
		v3_fetcherPersist: true,
		v3_relativeSplatPath: true,
		v3_throwAbortReason: true,
		v3_lazyRouteDiscovery: true,
		v3_singleFetch: true,
	},
};
