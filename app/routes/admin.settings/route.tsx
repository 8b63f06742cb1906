import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { adminMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { loadSettingsPage, saveSettingsTab } from "./settings.server";
import { GeneralForm, NotificationsForm, SellerForm } from "./settings-forms";
import { isTab, type Tab } from "./settings-schema";
import { SettingsTabs, TabPanel } from "./settings-tabs";

export const meta: MetaFunction<typeof loader> = adminMeta;

export const loader = ({ request }: LoaderFunctionArgs) => loadSettingsPage(request);

export const action = ({ request }: ActionFunctionArgs) => saveSettingsTab(request);

export default function AdminSettings() {
	const { t } = useTranslation("admin");
	const { settings } = useLoaderData<typeof loader>();
	const [searchParams] = useSearchParams();
	const requested = searchParams.get("tab");
	const current: Tab = isTab(requested) ? requested : "general";
	return (
		<div>
			<h1 className="font-display text-3xl font-semibold">{t("settings.title")}</h1>
			{settings.maintenanceMode ? (
				<p className="mt-4 rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm">
					{t("settings.maintenanceOn")}
				</p>
			) : null}
			<SettingsTabs current={current} />
			<div className="mt-6 max-w-xl">
				{/* Both panels stay in the page so switching tabs keeps what was typed; one is shown. */}
				<TabPanel tab="general" current={current}>
					<GeneralForm settings={settings} />
				</TabPanel>
				<TabPanel tab="notifications" current={current}>
					<NotificationsForm settings={settings} />
				</TabPanel>
				<TabPanel tab="seller" current={current}>
					<SellerForm settings={settings} />
				</TabPanel>
			</div>
		</div>
	);
}
