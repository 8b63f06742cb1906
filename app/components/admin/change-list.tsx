import {
	type ActivityEntity,
	type ActivityValue,
	changedExcerpts,
	type FieldChange,
	fieldKind,
	galleryChange,
	imageChange,
	shorten,
} from "~/lib/activity";
import { formatPrice, hasPrice } from "~/lib/format";
import type { TFunction } from "~/lib/translate";
import { useTranslation } from "~/lib/translations";

/**
 * The fields of one recorded change, each "Field: before → after" in the visitor's language: the activity
 * log's rows and an edit conflict's "what changed since" (docs/decisions/0021, 0023) read alike.
 */
export function ChangeList({ entity, changes }: { entity: ActivityEntity; changes: FieldChange[] }) {
	const { t } = useTranslation("admin");
	if (changes.length === 0) return null;
	return (
		<ul className="mt-1 flex flex-col gap-1.5">
			{changes.map((change) => {
				const shown = describeChange(entity, change, t);
				return (
					<li key={change.field} data-field={change.field}>
						<span className="font-semibold">
							{t(`activity.fields.${entity}.${change.field}`, { defaultValue: change.field })}:
						</span>{" "}
						{"summary" in shown ? (
							shown.summary
						) : shown.before === undefined || shown.after === undefined ? (
							<Value text={shown.before ?? shown.after ?? null} />
						) : (
							<>
								<span className="sr-only">{t("activity.was")} </span>
								<Value text={shown.before} muted />
								<span aria-hidden="true"> → </span>
								<span className="sr-only">, {t("activity.now")} </span>
								<Value text={shown.after} />
							</>
						)}
					</li>
				);
			})}
		</ul>
	);
}

function Value({ text, muted = false }: { text: string | null; muted?: boolean }) {
	const { t } = useTranslation("admin");
	if (text === null) return <em className="text-muted">{t("activity.emptyValue")}</em>;
	return <span className={muted ? "text-muted" : undefined}>{text}</span>;
}

type Shown = { summary: string } | { before?: string | null; after?: string | null };

/**
 * How a change reads: each side in the visitor's language (a status by its translated name, a flag as
 * Yes/No, a price the site's way), long texts around what changed, pictures and galleries in words.
 * A side that is missing (a new or deleted thing) is left out; an empty value is null.
 */
function describeChange(entity: ActivityEntity, change: FieldChange, t: TFunction): Shown {
	const kind = fieldKind(entity, change.field);
	const created = change.before === null && change.after !== null;
	const deleted = change.after === null && change.before !== null;
	if (kind === "image") {
		if (deleted) return { summary: t("activity.image.removed") };
		return { summary: t(`activity.image.${imageChange(change.before, change.after)}`) };
	}
	if (kind === "gallery") {
		const gallery = galleryChange(change.before, change.after);
		const count = (n: number) => t("activity.gallery.images", { count: n });
		if (created) return { after: count(gallery.after) };
		if (deleted) return { before: count(gallery.before) };
		const notes = [
			gallery.added > 0 ? t("activity.gallery.added", { count: gallery.added }) : null,
			gallery.removed > 0 ? t("activity.gallery.removed", { count: gallery.removed }) : null,
			gallery.reordered ? t("activity.gallery.reordered") : null,
		].filter(Boolean);
		const after = notes.length > 0 ? `${count(gallery.after)} (${notes.join(", ")})` : count(gallery.after);
		return { before: count(gallery.before), after };
	}
	if (kind === "longText" && typeof change.before === "string" && typeof change.after === "string") {
		if (change.before && change.after) {
			const [before, after] = changedExcerpts(change.before, change.after);
			return { before, after };
		}
	}
	const read = (value: ActivityValue): string | null => readValue(kind, value, t);
	if (created) return { after: read(change.after) };
	if (deleted) return { before: read(change.before) };
	return { before: read(change.before), after: read(change.after) };
}

function readValue(kind: ReturnType<typeof fieldKind>, value: ActivityValue, t: TFunction): string | null {
	if (value === null || value === "" || (Array.isArray(value) && value.length === 0)) return null;
	const text = Array.isArray(value) ? value.join(", ") : String(value);
	switch (kind) {
		case "flag":
			return value === true || value === 1 ? t("activity.yes") : t("activity.no");
		case "price":
			return typeof value === "number" && hasPrice(value)
				? formatPrice(value)
				: t("price.onRequest", { ns: "common" });
		case "category":
			return t(`categories.${text}`, { ns: "common", defaultValue: text });
		case "projectStatus":
			return t(`activity.projectStatus.${text}`, { defaultValue: text });
		case "availability":
			return t(`projects.availability.${text}`, { defaultValue: text });
		case "role":
			return t(`users.roles.${text}`, { defaultValue: text });
		case "userStatus":
			return t(`users.statuses.${text}`, { defaultValue: text });
		case "requestStatus":
			return t(`status.${text}`, { ns: "account", defaultValue: text });
		case "mailStatus":
			return t(`mail.statuses.${text}`, { defaultValue: text });
		default:
			return shorten(text);
	}
}
