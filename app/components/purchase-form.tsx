import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ConsentCheckbox } from "~/components/consent-checkbox";
import { FormAlert } from "~/components/ui/form-alert";
import { Field } from "~/components/ui/form-fields";
import { FormTokenField } from "~/components/ui/form-token-field";
import { purchaseFetcherKey, purchaseRequestPath } from "~/lib/purchase";
import type { PurchaseMode } from "~/lib/purchase-mode";
import { useTranslation } from "~/lib/translations";
import { useCatchUpValidation, useLazyValidation } from "~/lib/use-lazy-validation";

/** The confirmation that stays after a request (app/components/purchase-confirmation.tsx). */
export interface PurchaseSent {
	ok: true;
	mode: PurchaseMode;
	projectName: string;
	projectId: string;
	/** The request's number (0 only for the honeypot's pretend answer). */
	requestId: number;
	email: string;
	/** It repeats an open request of the visitor's: answered with that one, not stored twice. */
	repeated: boolean;
	/** The buyer's confirmation was (or, for a repeat, had been) sent. */
	mailed: boolean;
	signedIn: boolean;
	/** Where to write about the piece meanwhile (the settings' sales address). */
	salesEmail: string;
}

/** What the request action answers, on the request page and in the project page's dialog. */
export type PurchaseActionData =
	| PurchaseSent
	/** `formToken`: a fresh one-time token, when the post's own was refused (docs/decisions/0022). */
	| { ok: false; result: SubmissionResult<string[]>; formToken?: string };

interface PurchaseFormProps {
	projectId: string;
	/** What is asked: buying, the price, or similar work (a sold piece); the server checks it is allowed. */
	mode?: PurchaseMode;
	defaultEmail?: string;
	/** The signed-in buyer's phone from their profile; "+7" (the spec's start) without one. */
	defaultPhone?: string | null;
	/** Page mode (no JavaScript needed): the action's answer after a failed post. */
	lastResult?: SubmissionResult<string[]> | null;
	/** Page mode: the form's one-time token, from the page's loader (the dialog loads its own). */
	formToken?: string;
	/** Page mode: the version of the purchase consent in force (the dialog loads it with its token). */
	consentVersion?: number;
	/** Dialog mode (the project page's BuyButton shows the confirmation); also shows Cancel. */
	dialog?: boolean;
	onCancel?: () => void;
}

const loadValidator = () => import("~/lib/purchase-schema").then((schema) => schema.validatePurchase);

/**
 * Email + phone, posted to /project/{id}/request. On the request page it is a plain form (works without
 * JavaScript); in the project page's dialog a fetcher posts it, so errors show in the dialog. Either way
 * the answer to a saved request is the confirmation that stays (PurchaseConfirmation), shown in the form's
 * place.
 */
export function PurchaseForm({
	projectId,
	mode = "buy",
	defaultEmail,
	defaultPhone,
	lastResult,
	formToken,
	consentVersion,
	dialog = false,
	onCancel,
}: PurchaseFormProps) {
	const { t } = useTranslation();
	const navigation = useNavigation();
	const fetcher = useFetcher<PurchaseActionData>({ key: purchaseFetcherKey(projectId) });
	const action = purchaseRequestPath(projectId);
	const fetcherResult = fetcher.data && !fetcher.data.ok ? fetcher.data.result : undefined;
	const token = useDialogToken(dialog, action, fetcher.data);
	const validation = useLazyValidation(loadValidator, "onBlur");
	const [form, fields] = useForm({
		id: `purchase-${projectId}`,
		lastResult: dialog ? fetcherResult : lastResult,
		defaultValue: { email: defaultEmail ?? "", phone: defaultPhone || "+7" },
		...validation.formOptions,
		shouldRevalidate: "onInput",
	});
	useCatchUpValidation(validation, form);

	const submitting = dialog
		? fetcher.state !== "idle"
		: navigation.state !== "idle" && navigation.formAction === action;
	const FormComponent = dialog ? fetcher.Form : Form;
	return (
		<FormComponent
			method="post"
			action={action}
			className="flex flex-col gap-5"
			{...getFormProps(form)}
			{...validation.formProps}
		>
			<FormTokenField token={dialog ? token.value : formToken} />
			{mode === "similar" || mode === "wait" ? <input type="hidden" name="kind" value={mode} /> : null}
			<FormAlert messages={form.errors?.map((error) => t(error))} />
			<Field meta={fields.email} type="email" label={t("purchase.email")} autoComplete="email" />
			<Field meta={fields.phone} type="tel" label={t("purchase.phone")} autoComplete="tel" inputMode="tel" />
			{/* A field people never see: bots that fill every input give themselves away. */}
			<div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
				<label htmlFor={`${form.id}-website`}>Website</label>
				<input id={`${form.id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
			</div>
			<ConsentCheckbox
				meta={fields.consent}
				purpose="purchase"
				version={dialog ? token.consentVersion : consentVersion}
			/>
			<div className="flex flex-wrap gap-3">
				<button type="submit" className="button-primary" disabled={submitting || (dialog && !token.value)}>
					{submitting ? t("purchase.submitting") : t("purchase.submit")}
				</button>
				{onCancel ? (
					<button
						type="button"
						onClick={onCancel}
						className="min-h-12 rounded-full border border-line px-6 font-semibold hover:border-ink"
					>
						{t("purchase.cancel")}
					</button>
				) : null}
			</div>
		</FormComponent>
	);
}

/**
 * The dialog's one-time token (and the version of the consent text in force, which comes with it). The project page is a shared, cached copy, so its dialog asks the request
 * page's loader for a token of its own when it opens. Remix loads it again after each saved request (a
 * fetcher's data is revalidated after an action), so the next request gets a new one; a refused token's
 * answer brings a fresh one (no revalidation after a 4xx). Whichever came last is the one.
 */
function useDialogToken(dialog: boolean, path: string, answer: PurchaseActionData | undefined) {
	const { load, data } = useFetcher<{ formToken: string; consentVersion: number }>();
	const [value, setValue] = useState<string>();
	useEffect(() => {
		if (dialog) load(path);
	}, [dialog, path, load]);
	const loaded = data?.formToken;
	const refused = answer && !answer.ok ? answer.formToken : undefined;
	useEffect(() => {
		if (loaded) setValue(loaded);
	}, [loaded]);
	useEffect(() => {
		if (refused) setValue(refused);
	}, [refused]);
	return { value, consentVersion: data?.consentVersion };
}
