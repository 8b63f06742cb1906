import { type FormMetadata, parse, type Submission } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState } from "react";

/** A form's browser check: `parseWithZod` with its schema, from a module the page imports when needed. */
export type Validator<Input extends Record<string, unknown>, Output> = (
	formData: FormData,
) => Submission<Input, string[], Output>;

/**
 * Conform's `onValidate` for a public form whose zod schema loads the first time the visitor focuses or
 * types in the form (zod and the schema are ~25 kB gzipped, a quarter of a page's JavaScript; decision 0018).
 *
 * Until it has arrived nothing is lost:
 * - a submit goes to the server, which validates every submission anyway (the action answers with the
 *   same schema's messages);
 * - a field checked on blur or input keeps what it shows, is remembered, and is checked as soon as the
 *   schema is here.
 *
 * The action imports the same schema module, dynamically, so that it stays out of the page's bundle.
 * `shouldValidate` is Conform's, given here so that `useCatchUpValidation` knows it too: spread
 * `formOptions` into `useForm`.
 */
export function useLazyValidation<Input extends Record<string, unknown>, Output>(
	load: () => Promise<Validator<Input, Output>>,
	shouldValidate: "onBlur" | "onSubmit",
) {
	const [validator, setValidator] = useState<Validator<Input, Output>>();
	const loading = useRef<Promise<void>>(undefined);
	const missed = useRef(new Set<string>());
	const start = useCallback(() => {
		loading.current ??= load().then(
			(loaded) => setValidator(() => loaded),
			() => {
				// Offline or a new deploy: the server still checks; the next focus tries again.
				loading.current = undefined;
			},
		);
	}, [load]);
	const onValidate = ({ formData }: { formData: FormData }): Submission<Input, string[], Output> => {
		if (validator) return validator(formData);
		start();
		return parse<Output, string[]>(formData, {
			resolve: (payload, intent) => {
				// A submit: `error: null` lets it go to the server, which answers with its own check.
				if (!intent) return { error: null };
				// A field checked on blur or input: every message on screen stays (null keeps a field's
				// message in Conform), nothing is posted, and the field is checked when the schema is here.
				if (intent.type === "validate" && intent.payload.name) missed.current.add(intent.payload.name);
				return { error: Object.fromEntries(["", ...Object.keys(payload)].map((name) => [name, null])) };
			},
		}) as Submission<Input, string[], Output>;
	};
	return {
		/** Spread into Conform's `useForm` options. */
		formOptions: { onValidate, shouldValidate },
		validator,
		missed,
		start,
		/** Spread on the `<Form>`: the first focus or keystroke fetches the schema. */
		formProps: { onFocus: start, onInput: start },
	};
}

/**
 * Whether the visitor changed a control before the page's code arrived (the server's HTML is a plain form
 * until then): its value is no longer the one the server rendered.
 */
function changedBeforeHydration(
	control: Element,
): control is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
	if (control instanceof HTMLInputElement) {
		if (control.type === "hidden") return false;
		if (control.type === "checkbox" || control.type === "radio")
			return control.checked !== control.defaultChecked;
		return control.value !== control.defaultValue;
	}
	if (control instanceof HTMLTextAreaElement) return control.value !== control.defaultValue;
	if (control instanceof HTMLSelectElement)
		return Array.from(control.options).some((option) => option.selected !== option.defaultSelected);
	return false;
}

/**
 * Checks again, once the schema is here, the fields that were blurred or typed in before it arrived.
 *
 * A form checked on blur also counts the fields the visitor filled in and left before the form hydrated
 * (a slow connection, or a form whose code loads after the first view): Conform never saw that blur, and
 * without this such a field would be checked only on submit. The field being typed in is left to its blur.
 */
export function useCatchUpValidation<Input extends Record<string, unknown>, Output>(
	lazy: ReturnType<typeof useLazyValidation<Input, Output>>,
	form: Pick<FormMetadata<Input>, "validate" | "id">,
) {
	const { validator, missed, start } = lazy;
	const checksOnBlur = lazy.formOptions.shouldValidate === "onBlur";
	// biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form hydrates
	useEffect(() => {
		const element = document.getElementById(form.id);
		if (!checksOnBlur || !(element instanceof HTMLFormElement)) return;
		for (const control of Array.from(element.elements)) {
			if (changedBeforeHydration(control) && control !== document.activeElement && control.name)
				missed.current.add(control.name);
		}
		if (missed.current.size > 0) start();
	}, []);
	useEffect(() => {
		if (!validator) return;
		for (const name of missed.current) form.validate({ name });
		missed.current.clear();
	}, [validator, missed, form]);
}
