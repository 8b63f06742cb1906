import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/services/auth.server";
import { exportAccountData, personalDataResponse } from "~/services/personal-data.server";

/** The signed-in user's data as a JSON file (account page, "Download my data"; docs/decisions/0032). */
export async function loader({ request }: LoaderFunctionArgs) {
	const user = await requireUser(request);
	return personalDataResponse(await exportAccountData(user));
}
