let waited = false;

/**
 * Runs `load` once the browser has nothing more urgent to do, for code the first view does not need
 * straight away (the home slider's carousel: its server HTML is a working, scrollable track until then).
 * On the server, and after the first page, it runs at once: a client-side navigation is waiting for it.
 */
export function afterIdle<T>(load: () => Promise<T>): Promise<T> {
	if (typeof window === "undefined" || waited) return load();
	waited = true;
	return new Promise<void>((resolve) => {
		// Safari has no requestIdleCallback: after the load event's work, then.
		if (typeof window.requestIdleCallback === "function")
			window.requestIdleCallback(() => resolve(), { timeout: 2000 });
		else setTimeout(resolve, 200);
	}).then(load);
}
