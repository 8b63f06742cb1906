import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, NavLink, Outlet, useLoaderData } from "@remix-run/react";
import type { I18nHandle } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import { useTranslation } from "~/lib/translations";
import { countNewRequests } from "~/models/purchase-requests.server";
import { requireAdmin } from "~/services/auth.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["admin", "account"] } satisfies I18nHandle;

/**
 * The sidebar, in the product's order (decision 0028) (artists and requests sit next to the projects they are about); the
 * activity log, about all of them, last.
 */
const ADMIN_SECTIONS = [
	"projects",
	"artists",
	"requests",
	"canned-replies",
	"slider",
	"users",
	"personal-data",
	"settings",
	"search",
	"mail",
	"consents",
	"activity",
] as const;

/** Admin pages are personal and change constantly: never cached anywhere. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdmin(request);
	return data(
		{ username: admin.username, newRequests: await countNewRequests() },
		{ headers: { "Cache-Control": "no-store" } },
	);
}

export default function AdminLayout() {
	const { t } = useTranslation("admin");
	const { newRequests } = useLoaderData<typeof loader>();
	return (
		<div className="mx-auto grid max-w-[1440px] gap-8 px-5 py-10 md:grid-cols-[15rem_1fr] md:px-10">
			<aside className="min-w-0">
				{/* «Администрирование» is a long word in a wide face: set smaller, it fits the 15rem column. */}
				<p className="font-display text-base font-semibold tracking-[-0.02em] [overflow-wrap:anywhere]">
					{t("title")}
				</p>
				<nav aria-label={t("sidebar")} className="mt-6">
					<ul className="flex flex-wrap gap-2 md:flex-col">
						{ADMIN_SECTIONS.map((section) => (
							<li key={section}>
								<NavLink
									to={`/admin/${section}`}
									className="flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm font-semibold hover:bg-ink/5 aria-[current=page]:bg-ink aria-[current=page]:text-paper"
								>
									{t(`nav.${section}`)}
									{section === "requests" && newRequests > 0 ? (
										<span
											className="rounded-full bg-accent px-2 py-0.5 text-xs text-accent-ink"
											data-testid="new-requests-count"
										>
											{t("nav.newCount", { count: newRequests })}
										</span>
									) : null}
								</NavLink>
							</li>
						))}
					</ul>
				</nav>
				<div className="mt-6 flex flex-wrap gap-2 md:flex-col">
					<Link to="/" className="px-3 py-2 text-sm text-muted hover:text-ink">
						{t("backToSite")}
					</Link>
					<Form method="post" action="/logout">
						<button type="submit" className="px-3 py-2 text-sm text-muted hover:text-ink">
							{t("logout")}
						</button>
					</Form>
				</div>
			</aside>
			<div className="min-w-0">
				<Outlet />
			</div>
			<AdminFooter />
		</div>
	);
}

/** The admin's own footer: the public one's links and marquee belong to the shop, not to this desk. */
function AdminFooter() {
	const { t } = useTranslation("admin");
	const { year } = useRootData();
	return (
		<footer className="mt-8 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-6 text-sm text-muted md:col-span-2">
			<p>{t("footer.copyright", { ns: "common", year })}</p>
			<Link to="/" className="hover:text-ink">
				{t("backToSite")}
			</Link>
		</footer>
	);
}
