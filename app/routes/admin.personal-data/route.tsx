import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import { adminMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { loadPersonalDataPage, PERSONAL_DATA_PATH, personalDataAction } from "./personal-data.server";

export const meta: MetaFunction<typeof loader> = adminMeta;

export const loader = ({ request }: LoaderFunctionArgs) => loadPersonalDataPage(request);

export const action = ({ request }: ActionFunctionArgs) => personalDataAction(request);

/** A person who asks by phone or letter: find what is held, export it for them or erase it (audited). */
export default function AdminPersonalData() {
	const { t, i18n } = useTranslation("admin");
	const { q, held } = useLoaderData<typeof loader>();
	const actionData = useActionData<typeof action>();
	const confirming = actionData?.confirm === q && Boolean(q);
	const empty = held && held.accounts.length === 0 && held.requests.length === 0 && held.consents === 0;
	return (
		<div className="max-w-3xl">
			<h1 className="font-display text-3xl font-semibold">{t("personalData.title")}</h1>
			<p className="mt-3 text-sm text-muted">{t("personalData.intro")}</p>
			<Form method="get" action={PERSONAL_DATA_PATH} className="mt-6 flex flex-wrap items-end gap-3">
				<label className="flex min-w-64 flex-1 flex-col gap-2 text-sm font-semibold">
					{t("personalData.query")}
					<input
						type="search"
						name="q"
						defaultValue={q}
						required
						autoComplete="off"
						className="rounded-lg border border-line bg-card px-3 py-2 font-normal"
					/>
				</label>
				<button type="submit" className="button-primary">
					{t("personalData.find")}
				</button>
			</Form>
			{actionData?.error ? (
				<p role="alert" className="mt-4 rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm">
					{t(actionData.error)}
				</p>
			) : null}
			{held ? (
				<section aria-labelledby="held-title" className="mt-10">
					<h2 id="held-title" className="font-display text-xl font-semibold">
						{t("personalData.heldTitle", { q })}
					</h2>
					{empty ? (
						<p className="mt-4 text-sm text-muted">{t("personalData.nothing")}</p>
					) : (
						<>
							<dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
								<dt className="text-muted">{t("personalData.accounts")}</dt>
								<dd data-testid="held-accounts">
									{held.accounts.length === 0
										? "—"
										: held.accounts
												.map(
													(account) =>
														`${account.username} (${account.email}${account.phone ? `, ${account.phone}` : ""})`,
												)
												.join("; ")}
								</dd>
								<dt className="text-muted">{t("personalData.requests")}</dt>
								<dd data-testid="held-requests">{held.requests.length}</dd>
								<dt className="text-muted">{t("personalData.consents")}</dt>
								<dd>{held.consents}</dd>
								<dt className="text-muted">{t("personalData.favourites")}</dt>
								<dd>{held.favourites}</dd>
							</dl>
							{held.requests.length > 0 ? (
								<ul className="mt-4 space-y-1 text-sm">
									{held.requests.map((request) => (
										<li key={request.id}>
											№ {request.id}, {request.piece} — {t(`status.${request.status}`, { ns: "account" })},{" "}
											{formatDate(request.createdAt, i18n.language)} ({request.email}, {request.phone})
										</li>
									))}
								</ul>
							) : null}
							<div className="mt-8 flex flex-wrap items-start gap-4">
								{/* A document post: the browser saves the file, with or without JavaScript. */}
								<Form method="post" action={`${PERSONAL_DATA_PATH}/export`} reloadDocument>
									<input type="hidden" name="q" value={q} />
									<button type="submit" name="intent" value="export" className="button-primary">
										{t("personalData.export")}
									</button>
								</Form>
								<Form method="post" className="flex flex-col items-start gap-3">
									<input type="hidden" name="q" value={q} />
									{confirming ? (
										<>
											<p
												role="alert"
												className="rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm"
											>
												{t("personalData.confirm", { q, count: held.requests.length })}
											</p>
											<button
												type="submit"
												name="intent"
												value="erase-confirmed"
												className="rounded-full bg-accent px-5 py-2.5 text-sm font-semibold text-paper"
											>
												{t("personalData.eraseConfirm", { q })}
											</button>
										</>
									) : (
										<button
											type="submit"
											name="intent"
											value="erase"
											className="rounded-full border border-accent px-5 py-2.5 text-sm font-semibold text-accent"
										>
											{t("personalData.erase")}
										</button>
									)}
								</Form>
							</div>
						</>
					)}
				</section>
			) : null}
		</div>
	);
}
