import { themeCookie } from "./cookies.server";
import { DEFAULT_THEME, isTheme, type Theme } from "./theme";

export async function getTheme(request: Request): Promise<Theme> {
	const value: unknown = await themeCookie.parse(request.headers.get("Cookie"));
	return isTheme(value) ? value : DEFAULT_THEME;
}
