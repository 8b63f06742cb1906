import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translations";

/**
 * "My data" on the account page: the download of everything held about the account (a plain link to a
 * JSON file) and the way to delete the account (its own page asks for the password and confirms:
 * app/routes/account_.delete.tsx). Both work without JavaScript (docs/decisions/0032).
 */
export function PersonalDataSection() {
	const { t } = useTranslation("account");
	return (
		<section
			id="delete-account"
			aria-labelledby="personal-data-title"
			className="scroll-mt-28 border-t border-line py-12"
		>
			<h2 id="personal-data-title" className="font-display text-2xl font-medium">
				{t("personalData.title")}
			</h2>
			<div className="mt-6 grid gap-10 md:grid-cols-2">
				<div className="flex max-w-md flex-col items-start gap-4">
					<h3 className="font-semibold">{t("personalData.exportTitle")}</h3>
					<p className="text-sm text-muted">{t("personalData.exportText")}</p>
					<a href="/account/data.json" download className="button-primary" data-testid="download-my-data">
						{t("personalData.download")}
					</a>
				</div>
				<div className="flex max-w-md flex-col items-start gap-4">
					<h3 className="font-semibold">{t("personalData.deleteTitle")}</h3>
					<p className="text-sm text-muted">{t("personalData.deleteText")}</p>
					<Link
						to="/account/delete"
						className="rounded-full border border-accent px-5 py-2.5 text-sm font-semibold text-accent hover:bg-accent hover:text-paper"
					>
						{t("personalData.delete")}
					</Link>
				</div>
			</div>
		</section>
	);
}
