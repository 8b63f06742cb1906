/**
 * The staff's first canned replies (issue #37), written once into every database by seedCannedReplies
 * (db/seed/canned-replies.ts): availability confirmed, shipping quote, price and similar work, in English
 * and Russian. Galleries edit them at /admin/canned-replies.
 */
export const SEED_CANNED_REPLIES: Record<"en" | "ru", ReadonlyArray<{ title: string; body: string }>> = {
	en: [
		{
			title: "Availability confirmed",
			body: "Good news: the piece is available. We can keep it for you for a few days while you decide — just say the word. Would you like to see it in the gallery or receive more photographs?",
		},
		{
			title: "Shipping quote",
			body: "Delivery within Moscow takes 2–3 days and is free. For other cities we use an art courier; for your address it comes to about … ₽ and takes … days, fully insured and packed in a wooden crate.",
		},
		{
			title: "Price",
			body: "The price of the piece is … ₽, including the certificate of authenticity and framing. We accept bank transfer and cards; payment in two parts is possible.",
		},
		{
			title: "Similar work",
			body: "Thank you for your interest. The artist has several works in a similar manner; I am attaching a short selection. The artist also takes commissions: we would be glad to discuss size, palette and timing.",
		},
	],
	ru: [
		{
			title: "Работа в наличии",
			body: "Хорошая новость: работа в наличии. Можем придержать её для вас на несколько дней, пока вы решаете, — просто напишите. Хотите посмотреть её в галерее или получить дополнительные фотографии?",
		},
		{
			title: "Стоимость доставки",
			body: "Доставка по Москве занимает 2–3 дня и бесплатна. В другие города отправляем со специализированной арт-службой: до вашего адреса это около … ₽ и … дней, со страховкой и в деревянном ящике.",
		},
		{
			title: "Цена",
			body: "Стоимость работы — … ₽, включая сертификат подлинности и оформление. Принимаем банковский перевод и карты; возможна оплата в два этапа.",
		},
		{
			title: "Похожие работы",
			body: "Спасибо за интерес. У художника есть несколько работ в похожей манере — прикладываю небольшую подборку. Художник также принимает заказы: с удовольствием обсудим размер, палитру и сроки.",
		},
	],
};
