import type { ReactNode } from "react";
import { KeepHyphenated } from "./keep-hyphenated";

/** The frame of the sign-in and registration pages. */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
	return (
		<div className="mx-auto grid min-h-[70vh] max-w-[1440px] items-center gap-12 px-5 py-16 md:grid-cols-2 md:px-10">
			<div>
				<h1 className="font-display text-[clamp(2.5rem,6vw,4.5rem)] leading-none font-semibold tracking-[-0.04em]">
					<KeepHyphenated text={title} />
				</h1>
				<p className="mt-5 max-w-md text-lg text-muted">{intro}</p>
			</div>
			<div className="w-full max-w-md rounded-2xl border border-line bg-card p-6 shadow-sm md:p-8">
				{children}
			</div>
		</div>
	);
}
