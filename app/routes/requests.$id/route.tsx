import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { I18nHandle } from "~/lib/i18n";
import { mailLinkPageHeaders, mailLinkPageMeta } from "~/lib/mail-link-page";
import { BuyerThreadPage } from "./buyer-thread";
import { loadBuyerThread, postBuyerMessage } from "./thread.server";

/**
 * /requests/<id>?t=<token>: a request's thread opened with the buyer's private link from a mail (issue #37).
 * The signed-in buyer reads the same page at /account/requests/<id>.
 */
export const handle = { i18n: ["sale", "account"] } satisfies I18nHandle;

/** The address holds the private link's token: never cached, indexed or told to other sites. */
export const headers = mailLinkPageHeaders;
export const meta = mailLinkPageMeta;

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("t");

export const loader = ({ request, params }: LoaderFunctionArgs) =>
	loadBuyerThread(request, Number(params.id), tokenOf(request) ?? "");

export const action = ({ request, params }: ActionFunctionArgs) =>
	postBuyerMessage(request, Number(params.id), tokenOf(request) ?? "");

export default BuyerThreadPage;
