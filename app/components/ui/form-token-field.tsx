import { FORM_TOKEN_FIELD } from "~/lib/form-token";

/**
 * The hidden one-time token of a form whose post must count once (docs/decisions/0022). It comes from the
 * route's loader, or from the action's answer when the last post's token was refused (it brings a fresh one).
 */
export function FormTokenField({ token }: { token: string | null | undefined }) {
	return token ? <input type="hidden" name={FORM_TOKEN_FIELD} value={token} /> : null;
}
