import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Phone } from "~/components/phone";
import { Price } from "~/components/price";
import { ProjectCard } from "~/components/project-card";
import { CARD_TABLE } from "~/components/ui/card-table";
import { PagedItems, PagedList } from "~/components/ui/paged-list";
import { formatDate } from "~/lib/format";
import type { I18nHandle } from "~/lib/i18n";
import { passRetryAfter } from "~/lib/retry-after";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { loadAccount, saveAccount } from "./account.server";
import { ConsentsSection } from "./consents-section";
import { EmptyState } from "./empty-state";
import { OrderPiece, OrderThreadLink } from "./order-piece";
import { PersonalDataSection } from "./personal-data-section";
import { PasswordForm, PhoneForm } from "./profile-forms";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["account", "sale"] } satisfies I18nHandle;

/** A refused guess of the current password says when to try again (Retry-After), on the page too. */
export const headers = passRetryAfter;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	const { origin, language } = rootMetaData(matches);
	return [
		...seoMeta({
			title: data?.title ?? "FORMA",
			description: data?.title ?? "",
			path: "/account",
			origin,
			language,
		}),
		{ name: "robots", content: "noindex" },
	];
};

export const loader = ({ request }: LoaderFunctionArgs) => loadAccount(request);

export const action = ({ request }: ActionFunctionArgs) => saveAccount(request);

export default function AccountPage() {
	const { t, i18n } = useTranslation("account");
	const { t: tSale } = useTranslation("sale");
	const { user, orders, ordersPaging, favourites, favouritesPaging, consents } =
		useLoaderData<typeof loader>();
	return (
		<div className="mx-auto max-w-[1440px] px-5 py-14 md:px-10 md:py-20">
			<header className="flex flex-wrap items-end justify-between gap-6 border-b border-line pb-10">
				<div>
					<h1 className="font-display text-[clamp(2.5rem,6vw,4.5rem)] leading-none font-semibold tracking-[-0.04em]">
						{t("account.title")}
					</h1>
					<dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
						<dt className="text-muted">{t("account.username")}</dt>
						<dd className="font-semibold" data-testid="account-username">
							{user.username}
						</dd>
						<dt className="text-muted">{t("account.role")}</dt>
						<dd>{t(`account.roles.${user.role}`)}</dd>
						<dt className="text-muted">{t("account.email")}</dt>
						<dd>{user.email}</dd>
						<dt className="text-muted">{t("account.phone")}</dt>
						<dd>{user.phone ? <Phone value={user.phone} /> : t("account.noPhone")}</dd>
					</dl>
				</div>
				<div className="flex flex-wrap gap-3">
					<nav aria-label={t("account.title")} className="flex flex-wrap gap-2">
						{(["orders", "favourites", "profile", "consents"] as const).map((section) => (
							<a
								key={section}
								href={`#${section}`}
								className="rounded-full border border-line px-4 py-2 text-sm font-semibold hover:border-ink"
							>
								{t(`account.sections.${section}`)}
							</a>
						))}
					</nav>
					{user.role === "admin" ? (
						<Link to="/admin" className="button-primary">
							{t("account.adminPanel")}
						</Link>
					) : null}
					<Form method="post" action="/logout">
						<button
							type="submit"
							className="rounded-full border border-line px-5 py-2.5 text-sm font-semibold hover:border-ink"
						>
							{t("account.logout")}
						</button>
					</Form>
				</div>
			</header>

			<section id="orders" aria-labelledby="orders-title" className="scroll-mt-28 py-12">
				<h2 id="orders-title" className="font-display text-2xl font-medium">
					{t("account.sections.orders")}
				</h2>
				{orders.length === 0 ? (
					<EmptyState text={t("account.noOrders")} />
				) : (
					<PagedItems items={orders} paging={ordersPaging} list="/account#orders" param="orders">
						{(shown) => (
							<div className={cx("mt-6", CARD_TABLE)}>
								<table className="w-full text-left text-sm md:min-w-[36rem]">
									<thead className="border-b border-line text-muted">
										<tr>
											<th scope="col" data-plain="" className="py-3 pr-4 font-semibold">
												{t("account.orderProject")}
											</th>
											<th scope="col" data-plain="" className="py-3 pr-4 font-semibold">
												{t("account.orderPrice")}
											</th>
											<th scope="col" data-plain="" className="py-3 pr-4 font-semibold">
												{t("account.orderDate")}
											</th>
											<th scope="col" data-plain="" className="py-3 pr-4 font-semibold">
												{t("account.orderStatus")}
											</th>
											<th scope="col" data-plain="" className="py-3 font-semibold">
												{tSale("thread.title")}
											</th>
										</tr>
									</thead>
									<tbody>
										{shown.map((order) => (
											<tr
												key={order.id}
												className="border-b border-line align-middle"
												data-testid="order-row"
												data-paged-item=""
											>
												<td className="py-3 pr-4">
													<OrderPiece order={order} />
												</td>
												<td className="py-3 pr-4 whitespace-nowrap" data-label={t("account.orderPrice")}>
													{/* What the buyer saw: a request made while the piece had no price stays "on request". */}
													<Price value={order.priceShown ? order.price : 0} />
												</td>
												<td className="py-3 pr-4 whitespace-nowrap" data-label={t("account.orderDate")}>
													{formatDate(order.createdAt, i18n.language)}
												</td>
												<td className="py-3 pr-4" data-label={t("account.orderStatus")}>
													<span className="rounded-full border border-line px-3 py-1 text-xs font-semibold">
														{t(`status.${order.status}`)}
													</span>
												</td>
												<td className="py-3" data-label={tSale("thread.title")}>
													<OrderThreadLink id={order.id} unread={order.unread} />
												</td>
											</tr>
										))}
									</tbody>
								</table>
							</div>
						)}
					</PagedItems>
				)}
			</section>

			<section
				id="favourites"
				aria-labelledby="favourites-title"
				className="scroll-mt-28 border-t border-line py-12"
			>
				<h2 id="favourites-title" className="font-display text-2xl font-medium">
					{t("account.sections.favourites")}
				</h2>
				{favourites.length === 0 ? (
					<EmptyState text={t("account.noFavourites")} />
				) : (
					<PagedList
						items={favourites}
						paging={favouritesPaging}
						list="/account#favourites"
						param="favourites"
						className="mt-6 grid gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-3"
						renderItem={(project) => (
							<ProjectCard project={project} headingLevel={3} showPrice opens="project" />
						)}
					/>
				)}
			</section>

			<section
				id="profile"
				aria-labelledby="profile-title"
				className="scroll-mt-28 border-t border-line py-12"
			>
				<h2 id="profile-title" className="font-display text-2xl font-medium">
					{t("account.sections.profile")}
				</h2>
				<div className="mt-6 grid gap-10 md:grid-cols-2">
					<PhoneForm phone={user.phone} />
					<PasswordForm />
				</div>
			</section>
			<ConsentsSection consents={consents} />

			<PersonalDataSection />
		</div>
	);
}
