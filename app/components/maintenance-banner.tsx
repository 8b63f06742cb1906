import { Link } from "@remix-run/react";
import { useRootData } from "~/lib/root-data";
import { useTranslation } from "~/lib/translations";

/**
 * Under the header on every page an administrator opens while maintenance mode is on (issue #35): they
 * browse a site everyone else sees closed, and should not forget it. Signed-in pages are never shared by
 * the page cache, so it reaches nobody else.
 */
export function MaintenanceBanner() {
	const { t } = useTranslation();
	const { maintenanceOn } = useRootData();
	if (!maintenanceOn) return null;
	return (
		<aside
			aria-label={t("maintenance.metaTitle")}
			className="border-b border-accent/40 bg-accent/10"
			data-testid="maintenance-banner"
		>
			<p className="mx-auto flex max-w-[1440px] flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3 text-sm md:px-10">
				<span className="font-semibold">{t("maintenance.bannerText")}</span>
				<Link to="/admin/settings" className="underline underline-offset-4 hover:text-accent">
					{t("maintenance.bannerLink")}
				</Link>
			</p>
		</aside>
	);
}
