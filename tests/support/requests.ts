/** Builds requests the way a browser sends them, for calling loaders and actions directly. */
export function formRequest(
	path: string,
	fields: Record<string, string>,
	init: { cookie?: string; headers?: Record<string, string> } = {},
): Request {
	return new Request(`http://localhost${path}`, {
		method: "POST",
		body: new URLSearchParams(fields),
		headers: {
			"Content-Type": "application/x-www-form-urlencoded",
			...(init.cookie ? { Cookie: init.cookie } : {}),
			...init.headers,
		},
	});
}

export function getRequest(path: string, cookie?: string): Request {
	return new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** "name=value" pairs of a response's Set-Cookie headers, ready to send back as a Cookie header. */
export function cookiesFrom(response: Response): string {
	return response.headers
		.getSetCookie()
		.map((header) => header.split(";")[0])
		.join("; ");
}

/** Runs a loader/action and returns the Response it returned or threw (redirects are thrown). */
export async function settle(run: () => Promise<unknown>): Promise<Response | unknown> {
	try {
		return await run();
	} catch (thrown) {
		if (thrown instanceof Response) return thrown;
		throw thrown;
	}
}

/** Remix's data() result, as actions return it: { data, init }. */
export function statusOf(result: unknown): number {
	if (result instanceof Response) return result.status;
	const init = (result as { init?: { status?: number } | null })?.init;
	return init?.status ?? 200;
}
