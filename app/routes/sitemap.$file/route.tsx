import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/lib/env.server";
import { parseSitemapFile, sitemapFile } from "./sitemap.server";

/** One file of the sitemap that /sitemap.xml indexes: /sitemap/pages.xml, artists-N.xml, projects-N.xml. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const file = parseSitemapFile(params.file);
	const response = file ? await sitemapFile(publicOrigin(request), file) : null;
	if (!response) throw new Response("Not Found", { status: 404 });
	return response;
}
