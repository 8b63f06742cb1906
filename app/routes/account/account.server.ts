import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { readFormData } from "~/lib/form.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { pageSlice } from "~/lib/paging";
import { requestedPage, requirePage } from "~/lib/paging.server";
import { redirectWithToast } from "~/lib/toast.server";
import { typesetName } from "~/lib/typography.server";
import { countFavouriteProjects, listFavouriteProjects } from "~/models/favourites.server";
import { toProjectSummary } from "~/models/projects.server";
import { countRequestsForUser, listRequestsForUser } from "~/models/purchase-requests.server";
import { countUnreadGalleryMessages } from "~/models/request-messages.server";
import { toStoredImage } from "~/models/stored-image.server";
import { changeUserPassword, updateUserPhone } from "~/models/users.server";
import { checkCurrentPassword, getSessionId, requireUser } from "~/services/auth.server";
import { requireSiteOpen } from "~/services/maintenance.server";
import { loadAccountConsents, withdrawAccountConsent } from "./consents.server";
import { passwordSchema, phoneSchema } from "./schemas";

/** The account page: the visitor's details, their orders and their favourites (signed-in only). */
export async function loadAccount(request: Request) {
	const user = await requireUser(request);
	const language = await getLanguage(request);
	// Two lists a page at a time, each with its own parameter (?orders=N, ?favourites=N; docs/decisions/0029).
	const ordersPage = requestedPage(request, "orders");
	const favouritesPage = requestedPage(request, "favourites");
	const [orderCount, favouriteCount, t] = await Promise.all([
		countRequestsForUser(user),
		countFavouriteProjects(user.id),
		i18nServer.getFixedT(language, "account"),
	]);
	const ordersPaging = requirePage(orderCount, ordersPage);
	const favouritesPaging = requirePage(favouriteCount, favouritesPage);
	const [orders, favourites, consents] = await Promise.all([
		listRequestsForUser(user, pageSlice(ordersPaging)),
		listFavouriteProjects(user.id, pageSlice(favouritesPaging)),
		loadAccountConsents(user),
	]);
	const unread = await countUnreadGalleryMessages(orders.map((order) => order.id));
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
				// The gallery's messages in the request's thread (/account/requests/<id>) not read yet.
				unread: unread.get(order.id) ?? 0,
			})),
			ordersPaging,
			favourites: favourites.map((project) => toProjectSummary(project, language)),
			favouritesPaging,
			consents,
		},
		{ headers: { "Cache-Control": "private, no-store" } },
	);
}

/** The profile forms: a new phone number, or a new password given the current one. */
export async function saveAccount(request: Request) {
	const user = await requireUser(request);
	await requireSiteOpen(request);
	const formData = await readFormData(request);
	if (formData.get("intent") === "withdraw-consent") return withdrawAccountConsent(request, user, formData);
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
