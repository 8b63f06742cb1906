import { Form } from "@remix-run/react";
import type { MaintenanceContacts } from "~/lib/maintenance";
import { useTranslation } from "~/lib/translations";

/**
 * What visitors see while the site is in maintenance mode (HTTP 503), when Remix renders it (the server
 * answers most such requests itself: app/server/refusal-pages.ts draws the same page). The header still
 * offers sign-in for administrators; someone already signed in (not an administrator) can sign out here.
 * The gallery's e-mail and phone are there for whoever cannot wait (issue #35).
 */
export function MaintenancePage({
	signedIn,
	contacts,
}: {
	signedIn: boolean;
	contacts: MaintenanceContacts;
}) {
	const { t } = useTranslation();
	return (
		<section className="mx-auto flex min-h-[70vh] max-w-3xl flex-col items-center justify-center px-5 py-20 text-center">
			<p className="font-display text-[clamp(5rem,18vw,11rem)] leading-none font-semibold tracking-[-0.06em]">
				{t("maintenance.code")}
			</p>
			<h1 className="mt-4 font-display text-2xl font-medium md:text-3xl">{t("maintenance.title")}</h1>
			<p className="mt-4 max-w-md text-muted">{t("maintenance.text")}</p>
			<MaintenanceContactList contacts={contacts} />
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

function MaintenanceContactList({ contacts }: { contacts: MaintenanceContacts }) {
	const { t } = useTranslation();
	return (
		<section aria-labelledby="maintenance-contacts" className="mt-10">
			<h2 id="maintenance-contacts" className="text-xs font-semibold tracking-[0.2em] text-muted uppercase">
				{t("maintenance.contactsTitle")}
			</h2>
			<dl className="mt-4 flex flex-wrap justify-center gap-x-10 gap-y-3">
				<div>
					<dt className="sr-only">{t("maintenance.email")}</dt>
					<dd>
						<a href={`mailto:${contacts.email}`} className="link-underline font-display text-lg font-medium">
							{contacts.email}
						</a>
					</dd>
				</div>
				<div>
					<dt className="sr-only">{t("maintenance.phone")}</dt>
					<dd>
						<a
							href={`tel:${contacts.phoneLink}`}
							className="link-underline font-display text-lg font-medium whitespace-nowrap"
						>
							{contacts.phone}
						</a>
					</dd>
				</div>
			</dl>
		</section>
	);
}
