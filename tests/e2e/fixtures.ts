import { test as base, expect } from "@playwright/test";

/** `js` tells a spec whether this run has JavaScript, so one journey can assert both behaviours. */
export const test = base.extend<{ js: boolean }>({
	js: async ({ javaScriptEnabled }, use) => {
		await use(javaScriptEnabled !== false);
	},
});

export { expect };
