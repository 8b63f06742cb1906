import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/lib/env.server";
import { sitemapIndex } from "./sitemap.$file/sitemap.server";

/** The sitemap index: the files that list every public page in both languages (./sitemap.$file). */
export function loader({ request }: LoaderFunctionArgs) {
	return sitemapIndex(publicOrigin(request));
}
