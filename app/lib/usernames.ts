/** Username rules, shared by the registration form (in the browser) and the server. */

/** The spec reserves the name 'admin' (any case): nobody can register or sign in with it. */
export function isReservedUsername(username: string): boolean {
	return username.trim().toLowerCase() === "admin";
}

/** The username a registration gets: the e-mail's part before @. */
export function usernameFromEmail(email: string): string {
	return email.slice(0, email.lastIndexOf("@")).trim();
}
