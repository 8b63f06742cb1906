import type { useLoaderData } from "@remix-run/react";
import { Link } from "@remix-run/react";
import { ResponsiveImage } from "~/components/responsive-image";
import { useTranslation } from "~/lib/translations";
import type { loader } from "./route";

export type Order = ReturnType<typeof useLoaderData<typeof loader>>["orders"][number];

/** The piece an order is for: its thumbnail and name, linked to its page while the public can open it. */
export function OrderPiece({ order }: { order: Order }) {
	const { t } = useTranslation("account");
	const thumbnail = order.image ? (
		<ResponsiveImage
			image={order.image}
			alt=""
			sizes="64px"
			className="size-16 shrink-0 rounded-md bg-ink/5 object-cover"
		/>
	) : (
		<span aria-hidden="true" className="size-16 shrink-0 rounded-md bg-ink/5" />
	);
	if (order.projectId) {
		return (
			<Link
				to={`/project/${encodeURIComponent(order.projectId)}`}
				className="flex items-center gap-4 font-semibold underline-offset-4 hover:underline"
			>
				{thumbnail}
				<span>{order.projectName}</span>
			</Link>
		);
	}
	return (
		<span className="flex items-center gap-4">
			{thumbnail}
			<span>
				{order.projectName}{" "}
				<span className="text-muted">
					({t(order.removed ? "account.projectRemoved" : "account.projectUnavailable")})
				</span>
			</span>
		</span>
	);
}

/** The way to an order's page and its conversation (/account/requests/<id>), with the gallery's unread messages. */
export function OrderThreadLink({ id, unread }: { id: number; unread: number }) {
	const { t } = useTranslation("sale");
	return (
		<Link
			to={`/account/requests/${id}`}
			aria-label={
				unread > 0
					? `${t("thread.openFor", { id })}: ${t("thread.unread", { count: unread })}`
					: t("thread.openFor", { id })
			}
			className="inline-flex items-center gap-2 font-semibold underline underline-offset-4"
		>
			{t("thread.open")}
			{unread > 0 ? (
				<span className="rounded-full bg-accent px-2 py-0.5 text-xs text-paper no-underline">
					{t("thread.unread", { count: unread })}
				</span>
			) : null}
		</Link>
	);
}
