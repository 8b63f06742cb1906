import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { MAIN_NAV_LINKS, MOBILE_EXTRA_LINKS } from "~/lib/navigation";
import { cx, STUDIO_URL } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { useHydrated } from "~/lib/use-hydrated";
import { CloseIcon, ExternalIcon, MenuIcon } from "./icons";
import { SearchForm } from "./search/header-search";

const FOCUSABLE =
	"summary, a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex='-1'])";

/**
 * Full-screen menu for small screens. A <details> element, so it opens and closes without JavaScript;
 * with JavaScript it also closes on Escape and on a link click, and keeps focus inside while open.
 */
export function MobileMenu() {
	const { t } = useTranslation();
	const hydrated = useHydrated();
	const location = useLocation();
	const detailsRef = useRef<HTMLDetailsElement>(null);
	const [open, setOpen] = useState(false);

	// A navigation (link click, back button) closes the menu.
	// biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change by design
	useEffect(() => {
		detailsRef.current?.removeAttribute("open");
	}, [location.key]);

	useEffect(() => {
		if (!open) return;
		const details = detailsRef.current;
		const onKeyDown = (event: KeyboardEvent) => {
			if (!details) return;
			if (event.key === "Escape") {
				details.removeAttribute("open");
				details.querySelector("summary")?.focus();
				return;
			}
			if (event.key !== "Tab") return;
			const focusable = [...details.querySelectorAll<HTMLElement>(FOCUSABLE)];
			const first = focusable[0];
			const last = focusable[focusable.length - 1];
			if (!first || !last) return;
			if (event.shiftKey && document.activeElement === first) {
				event.preventDefault();
				last.focus();
			} else if (!event.shiftKey && document.activeElement === last) {
				event.preventDefault();
				first.focus();
			}
		};
		document.addEventListener("keydown", onKeyDown);
		document.documentElement.classList.add("overflow-hidden");
		return () => {
			document.removeEventListener("keydown", onKeyDown);
			document.documentElement.classList.remove("overflow-hidden");
		};
	}, [open]);

	const close = () => detailsRef.current?.removeAttribute("open");
	const label = t(open ? "menu.close" : "menu.open");
	return (
		<details
			ref={detailsRef}
			className="group lg:hidden"
			onToggle={(event) => setOpen(event.currentTarget.open)}
		>
			{/* biome-ignore lint/a11y/useSemanticElements: <summary> is the native disclosure control (works without JavaScript) */}
			<summary
				role="button"
				className="icon-button relative z-[60]"
				aria-label={label}
				aria-expanded={hydrated ? open : undefined}
				aria-controls="mobile-menu"
			>
				<MenuIcon className="group-open:hidden" />
				<CloseIcon className="hidden group-open:block" />
			</summary>
			<div
				id="mobile-menu"
				className="fixed inset-0 top-20 z-40 flex flex-col justify-between overflow-y-auto bg-paper px-6 pt-8 pb-10"
			>
				<div className="mb-8 sm:hidden">
					<SearchForm />
				</div>
				<nav aria-label={t("menu.title")}>
					<ul className="flex flex-col">
						{MAIN_NAV_LINKS.map((link) => (
							<li key={link}>
								<MenuLink
									to={`/${link}`}
									onNavigate={close}
									className="font-display text-4xl font-medium tracking-tight"
								>
									{t(`nav.${link}`)}
								</MenuLink>
							</li>
						))}
					</ul>
					<ul className="mt-6 flex flex-col border-t border-line pt-4">
						{MOBILE_EXTRA_LINKS.map((link) => (
							<li key={link}>
								<MenuLink
									to={`/${link}`}
									onNavigate={close}
									className="font-display text-2xl font-medium tracking-tight"
								>
									{t(`nav.${link}`)}
								</MenuLink>
							</li>
						))}
					</ul>
				</nav>
				<a
					href={STUDIO_URL}
					target="_blank"
					rel="noopener noreferrer"
					className="mt-10 inline-flex items-center gap-2 text-sm tracking-[0.14em] uppercase"
				>
					{t("nav.studioSite")}
					<ExternalIcon width={16} height={16} />
				</a>
			</div>
		</details>
	);
}

/** A menu entry; the current page is marked (aria-current) like the header's links. */
function MenuLink({
	to,
	onNavigate,
	className,
	children,
}: {
	to: string;
	onNavigate: () => void;
	className: string;
	children: React.ReactNode;
}) {
	return (
		<NavLink
			to={to}
			onClick={onNavigate}
			className={({ isActive }) =>
				cx(
					"block py-1.5",
					className,
					isActive && "underline decoration-accent decoration-2 underline-offset-8",
				)
			}
		>
			{children}
		</NavLink>
	);
}
