import { type ReactNode, useEffect, useRef } from "react";
import { ChangeList } from "~/components/admin/change-list";
import type { ActivityEntity } from "~/lib/activity";
import type { EditConflict } from "~/lib/edit-conflict";
import { formatDate } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/translations";

/**
 * What changed since the visitor opened the form, as the audit trail recorded it: who, when, and each
 * field before → after (docs/decisions/0023). Inside a notice (EditConflictNotice) or a delete's
 * confirm step.
 */
export function ConflictChanges({ entity, conflict }: { entity: ActivityEntity; conflict: EditConflict }) {
	const { t, i18n } = useTranslation("admin");
	return (
		<div data-testid="conflict-changes">
			{conflict.changes.length > 0 ? (
				<ul className="mt-2 flex flex-col gap-3">
					{conflict.changes.map((change) => (
						<li key={change.id}>
							<p className="text-muted">
								<span className="font-semibold text-ink">{change.actorUsername}</span>,{" "}
								<time dateTime={change.createdAt}>
									{formatDate(change.createdAt, i18n.language as Language, "dateTime")}
								</time>
							</p>
							<ChangeList entity={entity} changes={change.changes} />
						</li>
					))}
				</ul>
			) : null}
			{conflict.unrecorded ? <p className="mt-2 text-muted">{t("conflicts.unrecorded")}</p> : null}
		</div>
	);
}

/**
 * A refused save: the message above the form (the visitor's input is below it, as they sent it) and what
 * changed since they opened it. With JavaScript the page stays where the Save button was: the notice is
 * brought into view and focused, so it is seen and read first.
 */
export function EditConflictNotice({
	entity,
	conflict,
	message,
	children,
}: {
	entity: ActivityEntity;
	conflict: EditConflict;
	message: string;
	children?: ReactNode;
}) {
	const { t } = useTranslation("admin");
	const notice = useRef<HTMLDivElement>(null);
	// Again for each refused save: each answer names a newer version.
	const answeredAt = conflict.version;
	useEffect(() => {
		if (!answeredAt) return;
		notice.current?.scrollIntoView({ block: "center" });
		notice.current?.focus({ preventScroll: true });
	}, [answeredAt]);
	return (
		<div
			ref={notice}
			tabIndex={-1}
			role="alert"
			data-testid="edit-conflict"
			className="rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm"
		>
			<p className="font-semibold">{message}</p>
			{conflict.changes.length > 0 ? <p className="mt-3">{t("conflicts.whatChanged")}</p> : null}
			<ConflictChanges entity={entity} conflict={conflict} />
			{children}
		</div>
	);
}

/**
 * A delete refused because the thing changed since the list was shown: what changed, and the question
 * again (inside the list's DeleteConfirmation, whose button now carries the new version).
 */
export function DeleteConflict({ entity, conflict }: { entity: ActivityEntity; conflict: EditConflict }) {
	const { t } = useTranslation("admin");
	return (
		<div className="mt-2 text-sm" data-testid="delete-conflict">
			<ConflictChanges entity={entity} conflict={conflict} />
			<p className="mt-4 font-semibold">{t("conflicts.deleteAnywayQuestion")}</p>
		</div>
	);
}
