// FORMA_BUILD_ID gives a build its own folders (build-<id>/, public/build-<id>/), so several builds can
// exist side by side (e.g. parallel test runs) without overwriting each other's assets.
const id = process.env.FORMA_BUILD_ID;
const dir = id ? `build-${id}` : "build";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
	ignoredRouteFiles: ["**/.*", "**/*.test.*"],
	serverModuleFormat: "esm",
	serverPlatform: "node",
	serverBuildPath: `${dir}/index.js`,
	assetsBuildDirectory: `public/${dir}`,
	publicPath: `/${dir}/`,
	postcss: true,
	future: {
		v3_fetcherPersist: true,
		v3_relativeSplatPath: true,
		v3_throwAbortReason: true,
		v3_lazyRouteDiscovery: true,
		v3_singleFetch: true,
	},
};
