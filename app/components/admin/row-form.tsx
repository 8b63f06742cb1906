import { type FetcherWithComponents, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * One small form per table row and change (a switch, a move, a role): a fetcher with JavaScript, so the
 * row shows its own pending state; a plain POST without it, which asks the action to redirect back (to
 * the page as it was: its search, sort and page, which the action may use).
 */
export function RowForm({
	fetcher,
	action,
	id,
	intent,
	children,
}: {
	fetcher: FetcherWithComponents<unknown>;
	action: string;
	id: number | string;
	intent: string;
	children: ReactNode;
}) {
	const hydrated = useHydrated();
	const location = useLocation();
	return (
		<fetcher.Form method="post" action={action}>
			<input type="hidden" name="intent" value={intent} />
			<input type="hidden" name="id" value={id} />
			{hydrated ? null : <input type="hidden" name="redirect" value={location.pathname + location.search} />}
			{children}
		</fetcher.Form>
	);
}
