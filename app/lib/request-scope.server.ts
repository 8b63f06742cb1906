import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the app learns about a request while it answers it, that the server must act on once the answer
 * is ready: today, that the answer is personal (it carries a one-time form token), so it must be
 * `private, no-store` and never a shared copy, whatever its route or path (docs/decisions/0005, 0022).
 *
 * The server runs the app inside `runInRequestScope`, taken from the build's entry module (the app's
 * code is bundled apart from the server's, and this scope must be the app's own); code anywhere below a
 * loader calls `markPersonal()`. Outside a scope (`npm run dev`, tests that call a loader directly)
 * marking does nothing, and nothing is cached there either.
 */
export interface RequestScope {
	personal: boolean;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** The answer being made holds something for this visitor only. */
export function markPersonal(): void {
	const current = scope.getStore();
	if (current) current.personal = true;
}

/** Runs `answer` (the app handling one request) and says what it learned. */
export async function runInRequestScope<T>(
	answer: () => Promise<T>,
): Promise<{ result: T; personal: boolean }> {
	const state: RequestScope = { personal: false };
	const result = await scope.run(state, answer);
	return { result, personal: state.personal };
}
