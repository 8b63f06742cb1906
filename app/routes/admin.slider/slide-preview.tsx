import { type CSSProperties, Suspense, useEffect, useState } from "react";
import { type HeroSlideView, SLIDE_BOX, SlideFrame } from "~/components/home/slide-frame";
import { Wordmark } from "~/components/wordmark";
import { SLIDE_CATEGORIES, type SlideCategory } from "~/lib/categories";
import type { Language } from "~/lib/i18n";
import { PageLanguageProvider, useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";
import type { SlideRow } from "./route";

/** The two screens the slide is shown on, at the sizes issue #35 walked; the header takes 80 px of each. */
const DEVICES = [
	{ key: "desktop", width: 1280, height: 800, zoom: 0.4 },
	{ key: "phone", width: 390, height: 844, zoom: 0.4 },
] as const;
const HEADER_HEIGHT = 80;

interface Draft {
	titleEn: string;
	titleRu: string;
	subtitleEn: string;
	subtitleRu: string;
	category: string;
	/** A picture chosen in the form and not saved yet, as an object URL. */
	pictureUrl: string | null;
}

/** The form's current values, read again on every input (the preview needs no state of conform's). */
function useDraft(formId: string, slide: SlideRow | null): Draft {
	const [draft, setDraft] = useState<Draft>({
		titleEn: slide?.titleEn ?? "",
		titleRu: slide?.titleRu ?? "",
		subtitleEn: slide?.subtitleEn ?? "",
		subtitleRu: slide?.subtitleRu ?? "",
		category: slide?.category ?? "furniture",
		pictureUrl: null,
	});
	useEffect(() => {
		const form = document.getElementById(formId);
		if (!(form instanceof HTMLFormElement)) return;
		let pictureUrl: string | null = null;
		const read = () => {
			const values = new FormData(form);
			const text = (name: string) => String(values.get(name) ?? "");
			const file = values.get("image");
			if (pictureUrl) URL.revokeObjectURL(pictureUrl);
			pictureUrl = file instanceof File && file.size > 0 ? URL.createObjectURL(file) : null;
			setDraft({
				titleEn: text("titleEn"),
				titleRu: text("titleRu"),
				subtitleEn: text("subtitleEn"),
				subtitleRu: text("subtitleRu"),
				category: text("category"),
				pictureUrl,
			});
		};
		read();
		form.addEventListener("input", read);
		form.addEventListener("change", read);
		return () => {
			form.removeEventListener("input", read);
			form.removeEventListener("change", read);
			if (pictureUrl) URL.revokeObjectURL(pictureUrl);
		};
	}, [formId]);
	return draft;
}

/**
 * The slide as the home page will show it, on a desktop and on a phone, updated as the admin types (issue
 * #35: a long title is seen before it is saved). With JavaScript only: without it the form works as before.
 * Each screen is the real slide (slide-frame.tsx) laid out at the device's width and zoomed out; the slider's
 * controls are drawn where they sit, so the room they need is visible too.
 */
export function SlidePreview({ formId, slide }: { formId: string; slide: SlideRow | null }) {
	const { t, i18n } = useTranslation("admin");
	const hydrated = useHydrated();
	const draft = useDraft(formId, slide);
	const [language, setLanguage] = useState<Language>(i18n.language);
	if (!hydrated) return null;
	const view: HeroSlideView = {
		id: "preview",
		title: (language === "ru" ? draft.titleRu : draft.titleEn).trim(),
		subtitle: (language === "ru" ? draft.subtitleRu : draft.subtitleEn).trim(),
		category: (SLIDE_CATEGORIES as readonly string[]).includes(draft.category)
			? (draft.category as SlideCategory)
			: "furniture",
		image: draft.pictureUrl ? null : (slide?.image ?? null),
	};
	return (
		<section aria-labelledby="slide-preview-title" className="mt-8 max-w-3xl" data-testid="slide-preview">
			<div className="flex flex-wrap items-end justify-between gap-3">
				<div>
					<h2 id="slide-preview-title" className="font-display text-xl font-semibold">
						{t("slider.preview.title")}
					</h2>
					<p className="mt-1 text-sm text-muted">{t("slider.preview.text")}</p>
				</div>
				<fieldset className="flex gap-1">
					<legend className="sr-only">{t("slider.preview.language")}</legend>
					{(["en", "ru"] as const).map((option) => (
						<button
							key={option}
							type="button"
							aria-pressed={language === option}
							onClick={() => setLanguage(option)}
							className="rounded-full border border-line px-3 py-1 text-sm font-semibold aria-[pressed=true]:bg-ink aria-[pressed=true]:text-paper"
						>
							{option.toUpperCase()}
						</button>
					))}
				</fieldset>
			</div>
			{/* The frames speak the preview's language: the category and the call to action too (their texts
			    load on demand when the admin's page is in the other language). */}
			<PageLanguageProvider value={language}>
				<Suspense fallback={null}>
					<div className="mt-4 flex flex-wrap items-start gap-6" lang={language}>
						{DEVICES.map((device) => (
							<figure key={device.key} className="m-0">
								<div
									data-testid={`slide-preview-${device.key}`}
									className="overflow-hidden rounded-lg border border-line bg-paper"
									style={{ width: device.width * device.zoom }}
									// A picture of the page: nothing in it is for reading aloud or tabbing to.
									aria-hidden="true"
									{...{ inert: "" }}
								>
									<div style={{ width: device.width, zoom: device.zoom } as CSSProperties}>
										<div className="flex h-20 items-center border-b border-line px-5 text-2xl">
											<Wordmark language={language} />
										</div>
										<div className="@container relative isolate overflow-hidden bg-card">
											<div
												className={SLIDE_BOX}
												style={{ "--slide-height": `${device.height - HEADER_HEIGHT}px` } as CSSProperties}
											>
												<SlideFrame
													slide={view}
													index={0}
													count={3}
													title={view.title}
													subtitle={view.subtitle}
													tabIndex={-1}
													backdrop={
														draft.pictureUrl ? (
															<img
																src={draft.pictureUrl}
																alt=""
																className="absolute inset-x-0 top-0 h-[56%] w-full object-cover object-[68%_50%] @3xl:h-full @3xl:object-center"
															/>
														) : undefined
													}
												/>
											</div>
											<ControlsSketch />
										</div>
									</div>
								</div>
								<figcaption className="mt-2 text-xs text-muted">
									{t(`slider.preview.${device.key}`)}
								</figcaption>
							</figure>
						))}
					</div>
				</Suspense>
			</PageLanguageProvider>
		</section>
	);
}

/** Where the slider's dots, arrows and next-slide cards sit (hero-slider.tsx), drawn as shapes. */
function ControlsSketch() {
	const round = "size-10 rounded-full border border-ink/20 bg-paper/70";
	return (
		<div className="pointer-events-none absolute inset-x-0 bottom-0 z-10">
			<div className="mx-auto flex max-w-[1440px] items-end justify-between gap-6 px-5 pb-6 @3xl:px-10 @3xl:pb-10">
				<div className="flex items-center gap-4">
					<div className="flex items-center gap-2 px-1">
						<span className="block h-0.5 w-10 rounded-full bg-ink" />
						<span className="block h-0.5 w-5 rounded-full bg-ink/35" />
						<span className="block h-0.5 w-5 rounded-full bg-ink/35" />
					</div>
					<div className="flex items-center gap-1">
						<span className={round} />
						<span className={round} />
						<span className={round} />
					</div>
				</div>
				<div className="hidden gap-4 @5xl:flex">
					{[0, 1].map((card) => (
						<span
							key={card}
							className="block h-[76px] w-72 rounded-xl border border-ink/10 bg-paper/80 shadow-sm"
						/>
					))}
				</div>
			</div>
		</div>
	);
}
