import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { I18nHandle } from "~/lib/i18n";
import { mailLinkPageHeaders, mailLinkPageMeta } from "~/lib/mail-link-page";
import { requireUser } from "~/services/auth.server";
import { BuyerThreadPage } from "./requests.$id/buyer-thread";
import { loadBuyerThread, postBuyerMessage } from "./requests.$id/thread.server";

/**
 * /account/requests/<id>: the signed-in buyer's request and its thread, linked from My orders (issue #37).
 * The same page as the private link's (/requests/<id>?t=…), for the account that made the request.
 */
export const handle = { i18n: ["sale", "account"] } satisfies I18nHandle;

export const headers = mailLinkPageHeaders;
export const meta = mailLinkPageMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireUser(request);
	return loadBuyerThread(request, Number(params.id), null);
}

export async function action({ request, params }: ActionFunctionArgs) {
	await requireUser(request);
	return postBuyerMessage(request, Number(params.id), null);
}

export default BuyerThreadPage;
