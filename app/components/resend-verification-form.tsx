import { useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/translations";

/** What /verify-email's action answers a refused "send again" (a success redirects with a toast). */
interface ResendRefusal {
	problem: "tooMany" | "invalid";
}

/**
 * "Send the link again": a plain POST to /verify-email that comes back to this page with a toast. Without
 * JavaScript a refusal (too many links this hour) is /verify-email's own page; with it, a line here.
 */
export function ResendVerificationForm({
	className,
	redirectTo,
	token,
}: {
	className?: string;
	redirectTo?: string;
	/** An expired or spent link's token, for a visitor who is not signed in: it names the account. */
	token?: string;
}) {
	const { t } = useTranslation("account");
	const fetcher = useFetcher<ResendRefusal>();
	const location = useLocation();
	const sending = fetcher.state !== "idle";
	return (
		<fetcher.Form method="post" action="/verify-email" className={className}>
			<input type="hidden" name="redirectTo" value={redirectTo ?? `${location.pathname}${location.search}`} />
			{token ? <input type="hidden" name="token" value={token} /> : null}
			<button
				type="submit"
				className="rounded-full border border-ink/40 px-5 py-2.5 text-sm font-semibold hover:border-ink disabled:opacity-60"
				disabled={sending}
			>
				{sending ? t("verifyBanner.sending") : t("verifyBanner.send")}
			</button>
			{fetcher.state === "idle" && fetcher.data?.problem === "tooMany" ? (
				<p role="alert" className="mt-3 text-sm font-semibold text-accent">
					{t("verifyEmail.tooMany")}
				</p>
			) : null}
		</fetcher.Form>
	);
}
