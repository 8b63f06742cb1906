import { useEffect, useState } from "react";

/**
 * Conform's `onValidate` whose schema loads after the page is interactive: zod is most of a form page's
 * JavaScript (~90 kB gzipped), and nothing on screen needs it before the visitor types. Until it has
 * arrived the form simply goes to the server, which validates every submission anyway.
 */
export function useDeferredValidation<Result>(
	load: () => Promise<(formData: FormData) => Result>,
): ((context: { formData: FormData }) => Result) | undefined {
	const [validate, setValidate] = useState<(formData: FormData) => Result>();
	// biome-ignore lint/correctness/useExhaustiveDependencies: loads once per form; `load` is a new arrow each render
	useEffect(() => {
		let live = true;
		void load().then((loaded) => {
			if (live) setValidate(() => loaded);
		});
		return () => {
			live = false;
		};
	}, []);
	return validate ? ({ formData }) => validate(formData) : undefined;
}
