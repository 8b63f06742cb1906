import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { localized } from "~/lib/i18n";
import { getLanguage } from "~/lib/i18n.server";
import { DEFAULT_PRODUCT_IMAGE, imageUrl } from "~/lib/images";
import { listProductsByCategory } from "~/models/products.server";
import { SITE_CATEGORIES, type SiteCategory } from "~db/categories";

function isSiteCategory(value: string | undefined): value is SiteCategory {
	return (SITE_CATEGORIES as readonly string[]).includes(value ?? "");
}

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { category } = params;
	if (!isSiteCategory(category)) throw new Response("Not Found", { status: 404 });
	const language = await getLanguage(request);
	const products = await listProductsByCategory(category);
	return {
		category,
		projects: products.map((product) => ({
			id: product.id,
			name: product.name,
			designer: product.designer,
			description: localized(language, product.description_en, product.description_ru),
			image: product.image ? imageUrl(product.image) : DEFAULT_PRODUCT_IMAGE,
		})),
	};
}

export default function CategoryPage() {
	const { category, projects } = useLoaderData<typeof loader>();
	const { t } = useTranslation();
	return (
		<div className="mx-auto max-w-[1440px] px-5 md:px-10">
			<header className="border-b border-line py-16 md:py-24">
				<h1 className="font-display text-[clamp(3rem,10vw,8rem)] leading-none font-semibold tracking-[-0.05em]">
					{t(`nav.${category}`)}
				</h1>
				<p className="mt-4 text-muted">{t("category.count", { count: projects.length })}</p>
			</header>
			{projects.length === 0 ? (
				<p className="py-16 text-muted">{t("category.empty")}</p>
			) : (
				<ul className="grid gap-x-6 gap-y-12 py-12 sm:grid-cols-2 lg:grid-cols-3">
					{projects.map((project) => (
						<li key={project.id}>
							<a href={`/project/${project.id}`} className="group block">
								<img
									src={project.image}
									alt={project.name}
									loading="lazy"
									className="aspect-[4/3] w-full rounded-lg bg-card object-cover"
								/>
								<h2 className="mt-4 font-display text-lg font-medium">{project.name}</h2>
								<p className="text-sm text-muted">{project.designer}</p>
								<p className="mt-2 line-clamp-2 text-sm">{project.description}</p>
							</a>
						</li>
					))}
				</ul>
			)}
		</div>
	);
}
