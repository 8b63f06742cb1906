/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Single fetch is on (remix.config.js): this makes useLoaderData/useActionData infer the raw values that
// loaders return, including ones wrapped in data().
declare module "@remix-run/node" {
	interface Future {
		v3_singleFetch: true;
	}
}

export {};
