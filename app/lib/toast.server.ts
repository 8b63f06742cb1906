import { redirect } from "@remix-run/node";
import { toastCookie } from "./session.server";
import type { Toast } from "./toast";

export async function toastHeader(toast: Toast): Promise<string> {
	return toastCookie.serialize(toast);
}

export async function redirectWithToast(url: string, toast: Toast, init: { headers?: Headers } = {}) {
	const headers = new Headers(init.headers);
	headers.append("Set-Cookie", await toastHeader(toast));
	return redirect(url, { headers });
}

/** Reads the pending toast and the header that clears it (it is shown once). */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
	const value: unknown = await toastCookie.parse(request.headers.get("Cookie"));
	const headers = new Headers();
	if (!value || typeof value !== "object") return { toast: null, headers };
	headers.append("Set-Cookie", await toastCookie.serialize("", { maxAge: 0 }));
	return { toast: value as Toast, headers };
}
