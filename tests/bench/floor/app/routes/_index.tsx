import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Floor" }, { name: "description", content: "24 items" }];

export function loader() {
	return {
		items: Array.from({ length: 24 }, (_, index) => ({
			id: index + 1,
			title: `Item ${index + 1}`,
			price: 1000 * (index + 1),
		})),
	};
}

export default function Index() {
	const { items } = useLoaderData<typeof loader>();
	return (
		<main>
			<h1>Items</h1>
			<ul>
				{items.map((item) => (
					<li key={item.id}>
						<a href={`/item/${item.id}`}>{item.title}</a> — {item.price} ₽
					</li>
				))}
			</ul>
		</main>
	);
}
