import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { ErrorList } from "~/components/ui/form-fields";
import { CONSENT_VERSION_FIELD, type ConsentPurposeName, consentTextPath } from "~/lib/consent";
import { useTranslation } from "~/lib/translations";

/**
 * The consent to processing of personal data, separate from everything else on a form that collects it
 * (docs/decisions/0031): an unticked checkbox labelled with a link to the purpose's text, the version of
 * that text in a hidden field, and the message of the form kit's fields when it was not ticked. A real
 * checkbox, so it posts without JavaScript; the server decides either way.
 */
export function ConsentCheckbox({
	meta,
	purpose,
	version,
}: {
	// biome-ignore lint/suspicious/noExplicitAny: the consent field of any form
	meta: FieldMetadata<any, any, string[]>;
	purpose: ConsentPurposeName;
	/** The version of the text in force when the form was shown. */
	version: number | null | undefined;
}) {
	const { t } = useTranslation();
	const { key: _key, ...conform } = getInputProps(meta, { type: "checkbox", ariaAttributes: false });
	const errors = meta.errors?.length ? meta.errors.map((error) => t(error)) : undefined;
	const errorId = `${meta.id}-error`;
	const label = t("consent.label");
	const linkText = t("consent.labelLink");
	const at = label.indexOf(linkText);
	const link = (
		<a
			href={consentTextPath(purpose)}
			target="_blank"
			rel="noopener"
			className="underline underline-offset-4 hover:text-accent"
		>
			{linkText}
		</a>
	);
	return (
		<div className="flex flex-col gap-1.5">
			<div className="flex items-start gap-3">
				<input
					{...conform}
					value="on"
					aria-invalid={errors ? true : undefined}
					aria-describedby={errors ? errorId : undefined}
					className="mt-0.5 size-5 shrink-0 accent-[var(--color-ink)]"
				/>
				<label htmlFor={meta.id} className="text-sm">
					{at >= 0 ? (
						<>
							{label.slice(0, at)}
							{link}
							{label.slice(at + linkText.length)}
						</>
					) : (
						<>
							{label} ({link})
						</>
					)}
				</label>
			</div>
			{version ? <input type="hidden" name={CONSENT_VERSION_FIELD} value={version} /> : null}
			<ErrorList id={errorId} messages={errors} />
		</div>
	);
}
