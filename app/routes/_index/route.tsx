import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { CategoryLinks } from "~/components/home/category-links";
import { HomeHero } from "~/components/home/home-hero";
import { AboutBlock, DesignersBlock, FeaturedBlock } from "~/components/home/home-sections";
import { afterIdle } from "~/lib/after-idle";
import type { I18nHandle } from "~/lib/i18n";
import { imageUrl } from "~/lib/images";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { loadHome } from "./home-data.server";

/** The texts this page shows besides `common` (app/lib/i18n.ts pageNamespaces). */
export const handle = { i18n: ["home"] } satisfies I18nHandle;

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
const HeroSlider = lazy(() =>
	afterIdle(() => import("~/components/home/hero-slider")).then((module) => ({ default: module.HeroSlider })),
);

export default function Home() {
	const { slides, featured, artists } = useLoaderData<typeof loader>();
	return (
		<>
			<Suspense fallback={<SliderPlaceholder />}>
				<HeroSlider slides={slides} />
			</Suspense>
			<HomeHero />
			<CategoryLinks />
			<AboutBlock />
			<FeaturedBlock projects={featured} />
			<DesignersBlock artists={artists} />
		</>
	);
}

/** Its place while its code arrives on a client-side navigation (the first view has the server's HTML). */
function SliderPlaceholder() {
	return <div aria-hidden="true" className="h-[calc(100svh-5rem)] max-h-[880px] min-h-[600px] bg-card" />;
}
