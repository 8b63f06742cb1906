import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { ConflictChanges } from "~/components/admin/edit-conflict-notice";
import { RowForm } from "~/components/admin/row-form";
import { withParams } from "~/lib/admin-list";
import { VERSION_FIELD } from "~/lib/edit-conflict";
import { cx } from "~/lib/site";
import { showToast } from "~/lib/toast";
import { useTranslation } from "~/lib/translations";
import type { action } from "./route";
import { USERS_PATH } from "./user-schemas";

const smallButton =
	"h-9 rounded-lg border border-line px-3 text-xs font-semibold hover:border-ink disabled:cursor-wait disabled:opacity-60";

interface UserRowData {
	id: number;
	username: string;
	email: string;
	role: "user" | "admin";
	status: "active" | "blocked";
	/** The account's version as the list shows it: each change form carries it (docs/decisions/0023). */
	version: number;
}

/** One row: each action is its own small form (a fetcher with JavaScript), with its own pending state. */
export function UserRow({ user, self }: { user: UserRowData; self: boolean }) {
	const { t } = useTranslation("admin");
	const statusFetcher = useFetcher<typeof action>({ key: `user-status-${user.id}` });
	const roleFetcher = useFetcher<typeof action>({ key: `user-role-${user.id}` });
	const location = useLocation();
	const pendingStatus = statusFetcher.formData?.get("status");
	const pendingRole = roleFetcher.formData?.get("role");
	// Optimistic: show what was asked for while it saves.
	const status = pendingStatus === "active" || pendingStatus === "blocked" ? pendingStatus : user.status;
	const role = pendingRole === "user" || pendingRole === "admin" ? pendingRole : user.role;
	const failed = [statusFetcher.data, roleFetcher.data]
		.map((result) => (result?.intent === "change" && !result.ok ? result : null))
		.find(Boolean);
	const conflict = failed && "conflict" in failed ? (failed.conflict ?? null) : null;
	useToastOnSuccess(statusFetcher);
	useToastOnSuccess(roleFetcher);
	return (
		<tr className="border-b border-line align-top" data-testid="user-row">
			<td className="py-3 pr-4 text-muted" data-label={t("users.id")}>
				{user.id}
			</td>
			<th scope="row" className="py-3 pr-4 font-semibold" data-label={t("users.username")}>
				{user.username}
				{self ? <span className="ml-2 text-xs font-normal text-muted">({t("users.you")})</span> : null}
			</th>
			<td className="py-3 pr-4 break-all" data-label={t("users.email")}>
				{user.email}
			</td>
			<td className="py-3 pr-4" data-label={t("users.role")}>
				{t(`users.roles.${role}`)}
			</td>
			<td className="py-3 pr-4" data-label={t("users.status")}>
				<span
					className={
						status === "active"
							? "rounded-full bg-ink/5 px-2 py-0.5"
							: "rounded-full bg-accent/15 px-2 py-0.5 text-accent"
					}
				>
					{t(`users.statuses.${status}`)}
				</span>
			</td>
			<td className="py-3 max-md:flex-wrap" data-label={t("users.actions")}>
				{self ? (
					<span className="text-xs text-muted">{t("users.selfHint")}</span>
				) : (
					<div className="flex flex-wrap gap-2">
						<RowForm fetcher={statusFetcher} action={USERS_PATH} id={user.id} intent="status">
							<input type="hidden" name="status" value={status === "active" ? "blocked" : "active"} />
							<input type="hidden" name={VERSION_FIELD} value={user.version} />
							<button
								type="submit"
								className={smallButton}
								disabled={statusFetcher.state !== "idle"}
								aria-label={t(status === "active" ? "users.blockNamed" : "users.activateNamed", {
									username: user.username,
								})}
							>
								{statusFetcher.state !== "idle"
									? t("users.saving")
									: t(status === "active" ? "users.block" : "users.activate")}
							</button>
						</RowForm>
						{role === "admin" ? (
							<RowForm fetcher={roleFetcher} action={USERS_PATH} id={user.id} intent="role">
								<input type="hidden" name="role" value="user" />
								<input type="hidden" name={VERSION_FIELD} value={user.version} />
								<button
									type="submit"
									className={smallButton}
									disabled={roleFetcher.state !== "idle"}
									aria-label={t("users.makeUserNamed", { username: user.username })}
								>
									{roleFetcher.state !== "idle" ? t("users.saving") : t("users.makeUser")}
								</button>
							</RowForm>
						) : (
							// Making someone an administrator gives them everything: it asks first, naming them
							// (?promote=<id> is the confirm step, a dialog with JavaScript).
							<Link
								to={withParams(location, { promote: String(user.id), [VERSION_FIELD]: String(user.version) })}
								preventScrollReset
								className={cx(smallButton, "inline-flex items-center")}
								aria-label={t("users.makeAdminNamed", { username: user.username })}
							>
								{t("users.makeAdmin")}
							</Link>
						)}
					</div>
				)}
				{failed ? (
					<div role="alert" className="mt-2 text-xs">
						<p className="font-medium text-accent">{t(failed.error, { username: user.username })}</p>
						{conflict ? <ConflictChanges entity="user" conflict={conflict} /> : null}
					</div>
				) : null}
			</td>
		</tr>
	);
}

type RowFetcher = ReturnType<typeof useFetcher<typeof action>>;

function useToastOnSuccess(fetcher: RowFetcher) {
	const result = fetcher.state === "idle" ? fetcher.data : undefined;
	useEffect(() => {
		if (result?.intent === "change" && result.ok) showToast(result.toast);
	}, [result]);
}
