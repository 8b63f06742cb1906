import { createCookie } from "@remix-run/node";

const ONE_YEAR = 60 * 60 * 24 * 365;
const secure = process.env.NODE_ENV === "production";

/** The visitor's language choice (read by remix-i18next). */
export const languageCookie = createCookie("lng", {
	path: "/",
	sameSite: "lax",
	httpOnly: true,
	secure,
	maxAge: ONE_YEAR,
});

/** The visitor's theme, applied on the server so the first paint is already right. */
export const themeCookie = createCookie("theme", {
	path: "/",
	sameSite: "lax",
	httpOnly: true,
	secure,
	maxAge: ONE_YEAR,
});
