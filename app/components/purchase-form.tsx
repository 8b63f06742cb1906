import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Field, FormAlert } from "~/components/ui/form-fields";
import { PURCHASE_TOAST_MS, purchaseRequestPath } from "~/lib/purchase";
import { PURCHASE_TEXT, type PurchaseMode } from "~/lib/purchase-mode";
import { useTranslation } from "~/lib/translations";
import { useCatchUpValidation, useLazyValidation } from "~/lib/use-lazy-validation";
import { showToast } from "./ui/toaster";

/** What the request action answers a dialog (the page version is redirected instead). */
export type PurchaseActionData =
	| { ok: true; projectName: string; mode: PurchaseMode }
	| { ok: false; result: SubmissionResult<string[]> };

interface PurchaseFormProps {
	projectId: string;
	/** What is asked: buying, the price, or similar work (a sold piece); the server checks it is allowed. */
	mode?: PurchaseMode;
	defaultEmail?: string;
	/** Page mode (no JavaScript needed): the action's answer after a failed post. */
	lastResult?: SubmissionResult<string[]> | null;
	/** Dialog mode: called after a request was saved (the dialog closes); also shows Cancel. */
	onDone?: () => void;
	onCancel?: () => void;
}

const loadValidator = () => import("~/lib/purchase-schema").then((schema) => schema.validatePurchase);

/**
 * Email + phone, posted to /project/{id}/request. On the request page it is a plain form (works without
 * JavaScript); in the project page's dialog a fetcher posts it, so errors show in the dialog and success
 * closes it, resets the form and shows the confirmation for 3 seconds.
 */
export function PurchaseForm({
	projectId,
	mode = "buy",
	defaultEmail,
	lastResult,
	onDone,
	onCancel,
}: PurchaseFormProps) {
	const { t } = useTranslation();
	const navigation = useNavigation();
	const fetcher = useFetcher<PurchaseActionData>({ key: `purchase-${projectId}` });
	const dialog = Boolean(onDone);
	const action = purchaseRequestPath(projectId);
	const fetcherResult = fetcher.data && !fetcher.data.ok ? fetcher.data.result : undefined;
	const validation = useLazyValidation(loadValidator);
	const [form, fields] = useForm({
		id: `purchase-${projectId}`,
		lastResult: dialog ? fetcherResult : lastResult,
		defaultValue: { email: defaultEmail ?? "", phone: "+7" },
		onValidate: validation.onValidate,
		shouldValidate: "onBlur",
		shouldRevalidate: "onInput",
	});
	useCatchUpValidation(validation, form);

	// Each saved request is acknowledged once: reset() re-renders with a new `form`, which must not re-run this.
	const saved = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data : null;
	const acknowledged = useRef<unknown>(null);
	useEffect(() => {
		if (!saved || acknowledged.current === saved) return;
		acknowledged.current = saved;
		showToast({
			type: "success",
			title: PURCHASE_TEXT[saved.mode].thanks,
			values: { projectName: saved.projectName },
			duration: PURCHASE_TOAST_MS,
		});
		form.reset();
		onDone?.();
	}, [saved, form, onDone]);

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
			{dialog ? <input type="hidden" name="mode" value="dialog" /> : null}
			{mode === "similar" ? <input type="hidden" name="kind" value="similar" /> : null}
			<FormAlert messages={form.errors?.map((error) => t(error))} />
			<Field meta={fields.email} type="email" label={t("purchase.email")} autoComplete="email" />
			<Field meta={fields.phone} type="tel" label={t("purchase.phone")} autoComplete="tel" inputMode="tel" />
			{/* A field people never see: bots that fill every input give themselves away. */}
			<div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
				<label htmlFor={`${form.id}-website`}>Website</label>
				<input id={`${form.id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
			</div>
			<p className="text-xs text-muted">{t("purchase.privacy")}</p>
			<div className="flex flex-wrap gap-3">
				<button type="submit" className="button-primary" disabled={submitting}>
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
