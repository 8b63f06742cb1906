import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as z from "zod";
import { Price } from "~/components/price";
import { ProjectCard } from "~/components/project-card";
import { ResponsiveImage } from "~/components/responsive-image";
import { CARD_TABLE } from "~/components/ui/card-table";
import { Field } from "~/components/ui/form-fields";
import { readFormData } from "~/lib/form.server";
import { formatDate } from "~/lib/format";
import type { I18nHandle } from "~/lib/i18n";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { passRetryAfter } from "~/lib/retry-after";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { cx } from "~/lib/site";
import { redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { typesetName } from "~/lib/typography.server";
import { newPasswordField, russianPhoneField } from "~/lib/validation";
import { listFavouriteProjects } from "~/models/favourites.server";
import { toProjectSummary } from "~/models/projects.server";
import { listRequestsForUser } from "~/models/purchase-requests.server";
import { toStoredImage } from "~/models/stored-image.server";
import { changeUserPassword, updateUserPhone } from "~/models/users.server";
import { checkCurrentPassword, getSessionId, requireUser } from "~/services/auth.server";
import { requireSiteOpen } from "~/services/maintenance.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["account"] } satisfies I18nHandle;

const phoneSchema = z.object({ intent: z.literal("phone"), phone: russianPhoneField });
const passwordSchema = z.object({
	intent: z.literal("password"),
	currentPassword: z
		.string({ error: "validation.passwordRequired" })
		.min(1, "validation.passwordRequired")
		.max(1024),
	newPassword: newPasswordField,
});

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

export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request);
	const language = await getLanguage(request);
	const [orders, favourites, t] = await Promise.all([
		listRequestsForUser(user),
		listFavouriteProjects(user.id),
		i18nServer.getFixedT(language, "account"),
	]);
	return data(
		{
			title: t("account.metaTitle"),
			user: { username: user.username, email: user.email, phone: user.phone, role: user.role },
			orders: orders.map((order) => ({
				id: order.id,
				// Only a piece the public can still open is linked (deleted or back in drafts: its name only).
				projectId: order.project?.id ?? null,
				projectName: typesetName(order.project_name),
				removed: order.project_id === null,
				image: order.project
					? toStoredImage({
							image: order.project.cover,
							image_width: order.project.cover_width,
							image_height: order.project.cover_height,
						})
					: null,
				price: order.project_price,
				priceShown: order.price_shown === 1,
				createdAt: order.created_at,
				status: order.status,
			})),
			favourites: favourites.map((project) => toProjectSummary(project, language)),
		},
		{ headers: { "Cache-Control": "private, no-store" } },
	);
}

export async function action({ request }: ActionFunctionArgs) {
	const user = await requireUser(request);
	await requireSiteOpen(request);
	const formData = await readFormData(request);
	if (formData.get("intent") === "phone") {
		const submission = parseWithZod(formData, { schema: phoneSchema });
		if (submission.status !== "success")
			return data({ intent: "phone", result: submission.reply() }, { status: 400 });
		await updateUserPhone(user.id, submission.value.phone);
		return redirectWithToast("/account#profile", { type: "success", title: "toast.phoneSaved" });
	}
	const submission = parseWithZod(formData, { schema: passwordSchema });
	if (submission.status !== "success")
		return data({ intent: "password", result: submission.reply() }, { status: 400 });
	const check = await checkCurrentPassword(user, submission.value.currentPassword);
	if (!check.ok) {
		const tooMany = check.problem === "tooManyAttempts";
		return data(
			{
				intent: "password",
				result: submission.reply({
					fieldErrors: {
						currentPassword: [
							tooMany ? "validation.currentPasswordTooMany" : "validation.currentPasswordWrong",
						],
					},
				}),
			},
			tooMany
				? { status: 429, headers: { "Retry-After": String(check.retryAfterSeconds) } }
				: { status: 400 },
		);
	}
	await changeUserPassword(user.id, submission.value.newPassword, await getSessionId(request));
	return redirectWithToast("/account#profile", { type: "success", title: "toast.passwordChanged" });
}

export default function AccountPage() {
	const { t, i18n } = useTranslation("account");
	const { user, orders, favourites } = useLoaderData<typeof loader>();
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
						<dd>{user.phone ?? t("account.noPhone")}</dd>
					</dl>
				</div>
				<div className="flex flex-wrap gap-3">
					<nav aria-label={t("account.title")} className="flex flex-wrap gap-2">
						{(["orders", "favourites", "profile"] as const).map((section) => (
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
									<th scope="col" data-plain="" className="py-3 font-semibold">
										{t("account.orderStatus")}
									</th>
								</tr>
							</thead>
							<tbody>
								{orders.map((order) => (
									<tr key={order.id} className="border-b border-line align-middle" data-testid="order-row">
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
										<td className="py-3" data-label={t("account.orderStatus")}>
											<span className="rounded-full border border-line px-3 py-1 text-xs font-semibold">
												{t(`status.${order.status}`)}
											</span>
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
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
					<ul className="mt-6 grid gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
						{favourites.map((project) => (
							<li key={project.id}>
								<ProjectCard project={project} headingLevel={3} showPrice opens="project" />
							</li>
						))}
					</ul>
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
		</div>
	);
}

type Order = ReturnType<typeof useLoaderData<typeof loader>>["orders"][number];

/** The piece an order is for: its thumbnail and name, linked to its page while the public can open it. */
function OrderPiece({ order }: { order: Order }) {
	const { t } = useTranslation("account");
	const thumbnail = order.image ? (
		<ResponsiveImage
			image={order.image}
			alt=""
			sizes="64px"
			className="size-16 shrink-0 rounded-md bg-ink/5 object-cover"
		/>
	) : (
		<span aria-hidden="true" className="size-16 shrink-0 rounded-md bg-ink/5" />
	);
	if (order.projectId) {
		return (
			<Link
				to={`/project/${encodeURIComponent(order.projectId)}`}
				className="flex items-center gap-4 font-semibold underline-offset-4 hover:underline"
			>
				{thumbnail}
				<span>{order.projectName}</span>
			</Link>
		);
	}
	return (
		<span className="flex items-center gap-4">
			{thumbnail}
			<span>
				{order.projectName}{" "}
				<span className="text-muted">
					({t(order.removed ? "account.projectRemoved" : "account.projectUnavailable")})
				</span>
			</span>
		</span>
	);
}

/** "No orders yet" / "No favourites yet", with the way to the shop. */
function EmptyState({ text }: { text: string }) {
	const { t } = useTranslation("account");
	return (
		<div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
			<p className="text-muted">{text}</p>
			<Link to="/shop" className="text-sm font-semibold underline underline-offset-4">
				{t("account.browseShop")}
			</Link>
		</div>
	);
}

function PhoneForm({ phone }: { phone: string | null }) {
	const { t } = useTranslation("account");
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const [form, fields] = useForm({
		id: "phone-form",
		lastResult: navigation.state === "idle" && actionData?.intent === "phone" ? actionData.result : undefined,
		defaultValue: { phone: phone ?? "+7" },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: phoneSchema }),
		shouldValidate: "onBlur",
	});
	const saving = navigation.formData?.get("intent") === "phone";
	return (
		<Form method="post" className="flex max-w-md flex-col gap-4" {...getFormProps(form)}>
			<h3 className="font-semibold">{t("account.changePhone")}</h3>
			<input type="hidden" name="intent" value="phone" />
			<Field meta={fields.phone} type="tel" label={t("account.newPhone")} autoComplete="tel" />
			<button type="submit" className="button-primary self-start" disabled={saving}>
				{saving ? t("account.saving") : t("account.savePhone")}
			</button>
		</Form>
	);
}

function PasswordForm() {
	const { t } = useTranslation("account");
	const actionData = useActionData<typeof action>();
	const navigation = useNavigation();
	const [form, fields] = useForm({
		id: "password-form",
		lastResult:
			navigation.state === "idle" && actionData?.intent === "password" ? actionData.result : undefined,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordSchema }),
		shouldValidate: "onBlur",
	});
	const saving = navigation.formData?.get("intent") === "password";
	return (
		<Form method="post" className="flex max-w-md flex-col gap-4" {...getFormProps(form)}>
			<h3 className="font-semibold">{t("account.changePassword")}</h3>
			<input type="hidden" name="intent" value="password" />
			<Field
				meta={fields.currentPassword}
				type="password"
				label={t("account.currentPassword")}
				autoComplete="current-password"
			/>
			<Field
				meta={fields.newPassword}
				type="password"
				label={t("account.newPassword")}
				autoComplete="new-password"
			/>
			<button type="submit" className="button-primary self-start" disabled={saving}>
				{saving ? t("account.saving") : t("account.savePassword")}
			</button>
		</Form>
	);
}
