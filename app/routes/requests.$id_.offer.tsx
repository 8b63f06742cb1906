import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { publicOrigin } from "~/lib/env.server";
import { readFormData } from "~/lib/form.server";
import { formatDate } from "~/lib/format";
import { getLanguage } from "~/lib/i18n.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { answerOffer, SaleError } from "~/services/sale.server";
import { buyerAccess } from "~/services/thread-access.server";

/**
 * The buyer answers a personal offer (issue #37, docs/decisions/0036): "Accept offer" or "Decline", from
 * their thread on the account page or the guest link (its token comes with the form). Only the request's
 * buyer may answer (buyerAccess; anyone else gets 404, as if there were no such request). A resource route:
 * every answer goes back to the thread with a toast that says what happened, with or without JavaScript.
 */

function badRequest(): Response {
	return new Response("Bad Request", { status: 400 });
}

export async function loader({ params }: LoaderFunctionArgs) {
	return redirect(`/account/requests/${Number(params.id) || ""}`);
}

export async function action({ request, params }: ActionFunctionArgs) {
	const requestId = Number(params.id);
	const formData = await readFormData(request);
	const token = formData.get("t");
	const access = await buyerAccess(request, requestId, typeof token === "string" && token ? token : null);
	if (!access) throw new Response("Not Found", { status: 404 });
	const offerId = Number(formData.get("offer"));
	const answer = formData.get("answer");
	if (!Number.isSafeInteger(offerId) || offerId <= 0) throw badRequest();
	if (answer !== "accept" && answer !== "decline") throw badRequest();
	const fallback = access.token
		? `/requests/${requestId}?t=${access.token}`
		: `/account/requests/${requestId}`;
	const back = safeRedirectPath(formData.get("redirectTo"), fallback);
	try {
		const outcome = await answerOffer({
			requestId,
			offerId,
			answer,
			origin: publicOrigin(request),
		});
		switch (outcome.result) {
			case "accepted":
				return redirectWithToast(back, {
					type: "success",
					title: "sale:offer.answer.accepted",
					values: { until: formatDate(outcome.until, await getLanguage(request), "dateTime") },
				});
			case "declined":
				return redirectWithToast(back, { type: "info", title: "sale:offer.answer.declined" });
			case "expired":
				return redirectWithToast(back, { type: "error", title: "sale:offer.answer.expired" });
			case "lost":
				return redirectWithToast(back, {
					type: "error",
					title: "sale:offer.answer.lost",
					description: "sale:offer.answer.lostNext",
				});
		}
	} catch (error) {
		if (!(error instanceof SaleError)) throw error;
		if (error.code === "notFound") throw new Response("Not Found", { status: 404 });
		return redirectWithToast(back, { type: "error", title: "sale:offer.answer.notOpen" });
	}
}
