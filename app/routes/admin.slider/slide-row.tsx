import { Link, useFetcher } from "@remix-run/react";
import { RowForm } from "~/components/admin/row-form";
import { ResponsiveImage } from "~/components/responsive-image";
import { useTranslation } from "~/lib/translations";
import type { action, SlideRow } from "./route";
import { SLIDER_PATH } from "./slide-schema";

const smallButton =
	"inline-flex h-9 items-center rounded-lg border border-line px-3 text-xs font-semibold hover:border-ink disabled:cursor-not-allowed disabled:opacity-50";

/** One row; the switch and the arrows are small forms (fetchers with JavaScript), each with its own state. */
export function SlideTableRow({ slide, first, last }: { slide: SlideRow; first: boolean; last: boolean }) {
	const { t } = useTranslation("admin");
	const toggle = useFetcher<typeof action>({ key: `slide-toggle-${slide.id}` });
	const move = useFetcher<typeof action>({ key: `slide-move-${slide.id}` });
	const pendingActive = toggle.formData?.get("active");
	const active = pendingActive === "1" ? true : pendingActive === "0" ? false : slide.isActive;
	const moving = move.state !== "idle";
	const error = [toggle.data, move.data]
		.map((result) => (result?.intent === "row" && !result.ok ? result.error : null))
		.find(Boolean);
	return (
		<tr className="border-b border-line align-middle" data-testid="slide-row">
			<td className="py-3 pr-4 text-muted">{slide.order}</td>
			<td className="py-3 pr-4">
				<ResponsiveImage
					image={slide.image}
					alt={slide.title}
					sizes="96px"
					className="h-14 w-24 rounded-md bg-ink/5 object-cover"
				/>
			</td>
			<th scope="row" className="py-3 pr-4 font-semibold">
				{slide.title}
			</th>
			<td className="py-3 pr-4 text-muted">{slide.subtitle}</td>
			<td className="py-3 pr-4">{t(`categories.${slide.category}`, { ns: "common" })}</td>
			<td className="py-3 pr-4">
				<RowForm fetcher={toggle} action={SLIDER_PATH} id={slide.id} intent="toggle">
					<input type="hidden" name="active" value={active ? "0" : "1"} />
					<button
						type="submit"
						role="switch"
						aria-checked={active}
						aria-label={t("slider.activeNamed", { title: slide.title })}
						disabled={toggle.state !== "idle"}
						className="group inline-flex h-7 w-12 items-center rounded-full border border-line bg-ink/10 p-0.5 transition-colors aria-checked:bg-ink disabled:opacity-60"
					>
						<span className="size-5 rounded-full bg-paper shadow transition-transform group-aria-checked:translate-x-5" />
					</button>
				</RowForm>
			</td>
			<td className="py-3">
				<div className="flex flex-wrap items-center gap-2">
					<RowForm fetcher={move} action={SLIDER_PATH} id={slide.id} intent="move">
						<input type="hidden" name="direction" value="up" />
						<button
							type="submit"
							className={smallButton}
							disabled={first || moving}
							aria-label={t("slider.moveUpNamed", { title: slide.title })}
						>
							↑
						</button>
					</RowForm>
					<RowForm fetcher={move} action={SLIDER_PATH} id={slide.id} intent="move">
						<input type="hidden" name="direction" value="down" />
						<button
							type="submit"
							className={smallButton}
							disabled={last || moving}
							aria-label={t("slider.moveDownNamed", { title: slide.title })}
						>
							↓
						</button>
					</RowForm>
					<Link
						to={`?edit=${slide.id}`}
						className={smallButton}
						aria-label={t("slider.editNamed", { title: slide.title })}
					>
						{t("slider.edit")}
					</Link>
					<Link
						to={`?delete=${slide.id}&version=${slide.version}`}
						className={smallButton}
						aria-label={t("slider.deleteNamed", { title: slide.title })}
					>
						{t("slider.delete")}
					</Link>
				</div>
				{error ? (
					<p role="alert" className="mt-2 text-xs font-medium text-accent">
						{t(error)}
					</p>
				) : null}
			</td>
		</tr>
	);
}
