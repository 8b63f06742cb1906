import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveUpload } from "~/lib/uploads.server";

/** Uploaded and generated images (the spec's storage buckets), from the uploads folder. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	return serveUpload(request, params["*"] ?? "");
}
