import { data, redirect } from "@remix-run/node";
import { readFormData } from "~/lib/form.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { favouriteIntent, setFavourite } from "~/models/favourites.server";
import { getSettings } from "~/models/settings.server";
import { setUserLanguage } from "~/models/users.server";
import { authenticator, getUser, LoginError, startSession } from "~/services/auth.server";

/*
 * The sign-in page's loader and action. Apart from the route module so that the browser build sees one
 * server import there instead of seven shared ones (each shared server module costs the page an empty chunk).
 */

export async function loadLogin(request: Request) {
	const params = new URL(request.url).searchParams;
	const redirectTo = params.get("redirectTo");
	// Already signed in: go where the sign-in would have led.
	if (await getUser(request)) throw redirect(safeRedirectPath(redirectTo, "/account"));
	const [t, settings, favourite] = await Promise.all([
		i18nServer.getFixedT(await getLanguage(request), "account"),
		getSettings(),
		favouriteIntent(params.get("favourite")),
	]);
	return { title: t("login.metaTitle"), registrationOpen: settings.allow_registration === 1, favourite };
}

const STATUS_BY_ERROR = {
	invalidCredentials: 401,
	reservedUsername: 401,
	accountBlocked: 403,
	tooManyAttempts: 429,
} as const;

export async function logIn(request: Request) {
	const formData = await readFormData(request);
	const { validateLogin } = await import("./schema");
	const submission = validateLogin(formData);
	if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
	let user: Awaited<ReturnType<typeof authenticator.authenticate>>;
	try {
		// FormStrategy reads the body itself: give it the already-read form (and the original headers, which
		// tell it the client's address), with the content type recomputed for the new body.
		const headers = new Headers(request.headers);
		headers.delete("Content-Type");
		headers.delete("Content-Length");
		user = await authenticator.authenticate(
			"form",
			new Request(request.url, { method: "POST", headers, body: formData }),
		);
	} catch (error) {
		if (!(error instanceof LoginError)) throw error;
		const retryAfter =
			error.retryAfterSeconds > 0 ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
		// A wrong password, an unknown account and an account that waits for its confirmation all answer
		// alike: the hint says what a new account needs, to everyone (docs/decisions/0017).
		const messages =
			error.code === "invalidCredentials"
				? ["login.errors.invalidCredentials", "login.errors.unconfirmedHint"]
				: [`login.errors.${error.code}`];
		return data(
			{ result: submission.reply({ formErrors: messages }) },
			{ status: STATUS_BY_ERROR[error.code], headers: retryAfter },
		);
	}
	// Their mail is written in the language they use the site in.
	await setUserLanguage(user.id, await getLanguage(request));
	// The ♥ that sent a guest here is saved now (a piece that is gone or a draft, nothing).
	const favourite = await favouriteIntent(formData.get("favourite"));
	if (favourite) await setFavourite(user.id, favourite.id, true);
	const headers = new Headers({ "Set-Cookie": await startSession(user.id) });
	// /admin sends non-admins on to /account.
	return redirectWithToast(
		safeRedirectPath(submission.value.redirectTo, "/admin"),
		{
			type: "success",
			title: "toast.loginTitle",
			description: "toast.loginText",
			values: { username: user.username },
		},
		{ headers },
	);
}
