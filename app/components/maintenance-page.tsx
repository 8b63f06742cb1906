import { Form } from "@remix-run/react";
import { useTranslation } from "~/lib/translations";

/**
 * What visitors see while the site is in maintenance mode (HTTP 503). The header still offers sign-in for
 * administrators; someone already signed in (not an administrator) can sign out here.
 */
export function MaintenancePage({ signedIn }: { signedIn: boolean }) {
	const { t } = useTranslation();
	return (
		<section className="mx-auto flex min-h-[70vh] max-w-3xl flex-col items-center justify-center px-5 py-20 text-center">
			<p className="font-display text-[clamp(5rem,18vw,11rem)] leading-none font-semibold tracking-[-0.06em]">
				{t("maintenance.code")}
			</p>
			<h1 className="mt-4 font-display text-2xl font-medium md:text-3xl">{t("maintenance.title")}</h1>
			<p className="mt-4 max-w-md text-muted">{t("maintenance.text")}</p>
			{signedIn ? (
				<Form method="post" action="/logout" className="mt-10">
					<button type="submit" className="button-primary">
						{t("maintenance.signOut")}
					</button>
				</Form>
			) : null}
		</section>
	);
}
