import { Link, NavLink } from "@remix-run/react";
import { MAIN_NAV_LINKS } from "~/lib/navigation";
import { useRootData } from "~/lib/root-data";
import { cx, HEADER_SCROLL_THRESHOLD_PX } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { useScrolledPast } from "~/lib/use-scrolled-past";
import { AudioPlayer } from "./audio-player";
import { HeartIcon, UserIcon } from "./icons";
import { LanguageMenu } from "./language-menu";
import { MobileMenu } from "./mobile-menu";
import { HeaderSearch } from "./search/header-search";
import { ThemeToggle } from "./theme-toggle";
import { Wordmark } from "./wordmark";

export function SiteHeader() {
	const { t } = useTranslation();
	const { language } = useRootData();
	const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
	return (
		<header
			data-scrolled={scrolled ? "true" : "false"}
			className={cx(
				"fixed inset-x-0 top-0 z-50 h-20 border-b transition-[background-color,border-color,backdrop-filter] duration-300",
				scrolled ? "border-line/70 bg-paper/70 backdrop-blur-md" : "border-transparent bg-paper",
			)}
		>
			<div className="mx-auto flex h-full max-w-[1440px] items-center justify-between gap-4 px-5 md:px-10">
				<Link to="/" className="py-2 text-2xl" aria-label={t("nav.home")}>
					<Wordmark language={language} className="block" />
				</Link>
				{/* Six links fit beside the controls from 1024 px in both languages (Russian words are longer); below that
				    they live in the menu. Between lg and xl they sit closer together. */}
				<nav aria-label={t("nav.main")} className="hidden lg:block">
					<ul className="flex items-center xl:gap-2">
						{MAIN_NAV_LINKS.map((link) => (
							<li key={link}>
								<NavLink
									to={`/${link}`}
									className="nav-link max-xl:px-1.5 max-xl:tracking-[0.1em] max-xl:after:inset-x-1.5"
								>
									{t(`nav.${link}`)}
								</NavLink>
							</li>
						))}
					</ul>
				</nav>
				<div className="flex items-center gap-0.5">
					<div className="hidden sm:block">
						<AudioPlayer />
					</div>
					{/* On phones the search is in the menu. */}
					<div className="hidden sm:block">
						<HeaderSearch />
					</div>
					<LanguageMenu />
					<ThemeToggle />
					<AccountLink />
					<MobileMenu />
				</div>
			</div>
		</header>
	);
}

/**
 * Sign in, or the signed-in visitor's account: then their initial in a filled circle (the signed-in state at
 * a glance) and, beside it, their favourites with a count.
 */
function AccountLink() {
	const { t } = useTranslation();
	const { user, favourites } = useRootData();
	const label = user ? `${t("nav.account")}: ${user.username}` : t("nav.login");
	const saved = t("favourites.header", { count: favourites.length });
	return (
		<>
			{user ? (
				<Link to="/account#favourites" className="icon-button relative" aria-label={saved} title={saved}>
					<HeartIcon width={19} height={19} />
					{favourites.length > 0 ? (
						<span
							aria-hidden="true"
							data-testid="favourites-count"
							className="absolute top-1 right-0.5 grid min-w-4 place-items-center rounded-full bg-accent px-1 text-[0.625rem] leading-4 font-semibold text-paper tabular-nums"
						>
							{favourites.length}
						</span>
					) : null}
				</Link>
			) : null}
			<Link to={user ? "/account" : "/login"} className="icon-button" aria-label={label} title={label}>
				{user ? (
					<span
						aria-hidden="true"
						className="grid size-7 place-items-center rounded-full bg-ink text-xs font-semibold text-paper uppercase"
					>
						{Array.from(user.username)[0]}
					</span>
				) : (
					<UserIcon width={19} height={19} />
				)}
			</Link>
		</>
	);
}
