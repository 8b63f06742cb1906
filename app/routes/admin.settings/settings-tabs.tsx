import { Link, useSearchParams } from "@remix-run/react";
import { type KeyboardEvent, useRef } from "react";
import { useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";
import { TABS, type Tab } from "./settings-schema";

/**
 * Without JavaScript the tabs are links (`?tab=…`, the current one marked aria-current). With it they
 * become an ARIA tablist: arrow keys, Home and End move between tabs, and the URL follows.
 */
export function SettingsTabs({ current }: { current: Tab }) {
	const { t } = useTranslation("admin");
	const hydrated = useHydrated();
	const [, setSearchParams] = useSearchParams();
	const refs = useRef<Record<Tab, HTMLButtonElement | null>>({
		general: null,
		notifications: null,
		seller: null,
	});
	const select = (tab: Tab, focus = false) => {
		setSearchParams({ tab }, { replace: true, preventScrollReset: true });
		if (focus) refs.current[tab]?.focus();
	};
	const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
		const index = TABS.indexOf(current);
		const next =
			event.key === "ArrowRight"
				? TABS[(index + 1) % TABS.length]
				: event.key === "ArrowLeft"
					? TABS[(index - 1 + TABS.length) % TABS.length]
					: event.key === "Home"
						? TABS[0]
						: event.key === "End"
							? TABS[TABS.length - 1]
							: undefined;
		if (!next) return;
		event.preventDefault();
		select(next, true);
	};
	const tabClass =
		"rounded-t-lg border-b-2 px-4 py-2 text-sm font-semibold aria-[current=page]:border-ink aria-selected:border-ink border-transparent text-muted aria-[current=page]:text-ink aria-selected:text-ink hover:text-ink";
	if (!hydrated) {
		return (
			<nav aria-label={t("settings.tabs")} className="mt-8 border-b border-line">
				<ul className="flex gap-2">
					{TABS.map((tab) => (
						<li key={tab}>
							<Link
								to={`?tab=${tab}`}
								id={`settings-tab-${tab}`}
								aria-current={tab === current ? "page" : undefined}
								className={`inline-block ${tabClass}`}
							>
								{t(`settings.${tab}`)}
							</Link>
						</li>
					))}
				</ul>
			</nav>
		);
	}
	return (
		<div role="tablist" aria-label={t("settings.tabs")} className="mt-8 flex gap-2 border-b border-line">
			{TABS.map((tab) => (
				<button
					key={tab}
					ref={(element) => {
						refs.current[tab] = element;
					}}
					type="button"
					role="tab"
					id={`settings-tab-${tab}`}
					aria-selected={tab === current}
					aria-controls={`settings-panel-${tab}`}
					tabIndex={tab === current ? 0 : -1}
					onClick={() => select(tab)}
					onKeyDown={onKeyDown}
					className={tabClass}
				>
					{t(`settings.${tab}`)}
				</button>
			))}
		</div>
	);
}

export function TabPanel({ tab, current, children }: { tab: Tab; current: Tab; children: React.ReactNode }) {
	const hydrated = useHydrated();
	return (
		<section
			id={`settings-panel-${tab}`}
			role={hydrated ? "tabpanel" : undefined}
			aria-labelledby={`settings-tab-${tab}`}
			hidden={tab !== current}
		>
			{children}
		</section>
	);
}
