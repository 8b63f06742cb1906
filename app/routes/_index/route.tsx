import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HomeHero } from "~/components/home/home-hero";
import { deferred } from "~/lib/deferred";
import type { I18nHandle } from "~/lib/i18n";
import { imageUrl } from "~/lib/images";
import type { PageCacheHandle } from "~/lib/page-cache-policy";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { loadHome } from "./home-data.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["home"], pageCache: { shared: true } } satisfies I18nHandle & PageCacheHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	const { language, origin } = rootMetaData(matches);
	const firstImage = data?.slides.find((slide) => slide.image)?.image;
	return seoMeta({
		title: data?.meta.title ?? "FORMA",
		description: data?.meta.description ?? "",
		path: "/",
		origin,
		language,
		image: firstImage ? imageUrl(firstImage.key) : null,
	});
};

export const loader = ({ request }: LoaderFunctionArgs) => loadHome(request);

/**
 * The slider's code (carousel, autoplay, reveal) loads when the browser is idle after the first view:
 * until then the server's HTML is on screen and works as a scrollable track with `#slide-N` links, as it
 * does without JavaScript (decision 0018).
 */
const HeroSlider = deferred(
	() => import("~/components/home/hero-slider").then((module) => module.HeroSlider),
	{ fallback: <SliderPlaceholder /> },
);

/**
 * The sections below the hero: links and cards, whose code waits until the visitor scrolls near them
 * (their links and forms work as they are until then).
 */
const HomeMore = deferred(() => import("./home-more").then((module) => module.HomeMore), {
	nearIds: ["home-categories"],
});

export default function Home() {
	const { slides, featured, artists } = useLoaderData<typeof loader>();
	return (
		<>
			<HeroSlider slides={slides} />
			<HomeHero />
			<HomeMore featured={featured} artists={artists} />
		</>
	);
}

/** Its place while its code arrives on a client-side navigation (the first view has the server's HTML). */
function SliderPlaceholder() {
	return <div aria-hidden="true" className="h-[calc(100svh-5rem)] max-h-[880px] min-h-[600px] bg-card" />;
}
