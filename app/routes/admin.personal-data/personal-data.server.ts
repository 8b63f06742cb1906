import { data } from "@remix-run/node";
import * as z from "zod";
import { readFormData } from "~/lib/form.server";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { redirectWithToast } from "~/lib/toast.server";
import {
	AdminAccountErasureError,
	exportPersonalData,
	findPersonScope,
	type PersonScope,
} from "~/models/personal-data.server";
import { requireAdmin } from "~/services/auth.server";
import { eraseForAdmin, exportForAdmin, personalDataResponse } from "~/services/personal-data.server";

export const PERSONAL_DATA_PATH = "/admin/personal-data";

/** An e-mail address (it has an @) or a phone (its digits): what a person who calls or writes can give. */
const querySchema = z.string().trim().max(200).catch("");

function scopeQuery(q: string): { email?: string; phone?: string } {
	return q.includes("@") ? { email: q } : { phone: q };
}

async function scopeOf(q: string): Promise<PersonScope> {
	return findPersonScope(scopeQuery(q));
}

/**
 * /admin/personal-data (admins only): find a person by e-mail or phone and see what is held about them
 * (the same data their own export gives), before exporting or erasing it for them (docs/decisions/0032).
 */
export async function loadPersonalDataPage(request: Request) {
	await requireAdmin(request);
	const q = querySchema.parse(new URL(request.url).searchParams.get("q") ?? "");
	const t = await i18nServer.getFixedT(await getLanguage(request), "admin");
	const held = q ? await exportPersonalData(await scopeOf(q)) : null;
	return data(
		{
			title: t("personalData.metaTitle"),
			q,
			held: held && {
				accounts: held.accounts.map((account) => ({
					username: account.username,
					email: account.email,
					phone: account.phone,
					role: account.role,
				})),
				requests: held.requests.map((request) => ({
					id: request.id,
					piece: request.piece,
					status: request.status,
					email: request.email,
					phone: request.phone,
					createdAt: request.createdAt,
				})),
				consents: held.consents.length,
				favourites: held.favourites.length,
			},
		},
		{ headers: { "Cache-Control": "no-store" } },
	);
}

/** Export (a JSON file) or erase (after a confirmation naming the person), each recorded in the audit trail. */
export async function personalDataAction(request: Request) {
	const admin = await requireAdmin(request);
	const formData = await readFormData(request);
	const q = querySchema.parse(formData.get("q") ?? "");
	const intent = formData.get("intent");
	const noStore = { "Cache-Control": "no-store" };
	const scope = await scopeOf(q);
	const nothing = scope.userIds.length === 0 && scope.emails.length === 0 && scope.phones.length === 0;
	if (!q || nothing) {
		return data(
			{ confirm: null, error: "personalData.errors.queryRequired" },
			{ status: 400, headers: noStore },
		);
	}
	if (intent === "erase") return data({ confirm: q, error: null }, { headers: noStore });
	if (intent === "erase-confirmed") {
		try {
			const counts = await eraseForAdmin(scope, admin);
			return redirectWithToast(`${PERSONAL_DATA_PATH}?${new URLSearchParams({ q })}`, {
				type: "success",
				title: "admin:personalData.erased",
				description: "admin:personalData.erasedText",
				values: { ...counts },
			});
		} catch (error) {
			if (!(error instanceof AdminAccountErasureError)) throw error;
			return data(
				{ confirm: null, error: "personalData.errors.adminAccount" },
				{ status: 409, headers: noStore },
			);
		}
	}
	return data(
		{ confirm: null, error: "personalData.errors.queryRequired" },
		{ status: 400, headers: noStore },
	);
}

/** The export's own route (a file, not a page): admins only, audited. */
export async function personalDataExport(request: Request) {
	const admin = await requireAdmin(request);
	const formData = await readFormData(request);
	const q = querySchema.parse(formData.get("q") ?? "");
	const scope = await scopeOf(q);
	if (!q || (scope.userIds.length === 0 && scope.emails.length === 0 && scope.phones.length === 0)) {
		return data(
			{ error: "personalData.errors.queryRequired" },
			{ status: 400, headers: { "Cache-Control": "no-store" } },
		);
	}
	return personalDataResponse(await exportForAdmin(scope, admin));
}
