import { Form, useNavigation } from "@remix-run/react";
import { consentTextPath } from "~/lib/consent";
import { formatDate } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { useTranslation } from "~/lib/translations";
import type { loadAccountConsents } from "./consents.server";

type AccountConsent = Awaited<ReturnType<typeof loadAccountConsents>>[number];

/**
 * "Consents" on the account page (docs/decisions/0031): what the person consented to, to which version of
 * the text and when, each with a way to withdraw it. The confirm step is a disclosure (works without
 * JavaScript) that says what withdrawing means for that purpose.
 */
export function ConsentsSection({ consents }: { consents: AccountConsent[] }) {
	const { t, i18n } = useTranslation("account");
	const language = i18n.language as Language;
	const navigation = useNavigation();
	return (
		<section
			id="consents"
			aria-labelledby="consents-title"
			className="scroll-mt-28 border-t border-line py-12"
		>
			<h2 id="consents-title" className="font-display text-2xl font-medium">
				{t("consents.title")}
			</h2>
			{consents.length === 0 ? (
				<p className="mt-4 text-muted">{t("consents.none")}</p>
			) : (
				<ul className="mt-6 flex flex-col gap-4">
					{consents.map((consent) => {
						const purpose = t(`consents.purposes.${consent.purpose}`);
						const withdrawing =
							navigation.state === "submitting" &&
							navigation.formData?.get("intent") === "withdraw-consent" &&
							navigation.formData?.get("purpose") === consent.purpose;
						return (
							<li
								key={consent.purpose}
								className="max-w-3xl rounded-2xl border border-line p-5"
								data-testid={`consent-${consent.purpose}`}
							>
								<p className="font-semibold">{purpose}</p>
								<p className="mt-1 text-sm text-muted">
									<a
										href={consentTextPath(consent.purpose, consent.version)}
										className="font-semibold text-ink underline underline-offset-4"
									>
										{t("consents.version", { version: consent.version })}
									</a>
									{" · "}
									{t(consent.action === "given" ? "consents.givenOn" : "consents.withdrawnOn", {
										date: formatDate(consent.createdAt, language),
									})}
								</p>
								{consent.action === "given" ? (
									<details className="mt-3">
										<summary className="inline-flex min-h-10 cursor-pointer items-center rounded-full border border-line px-4 text-sm font-semibold hover:border-ink">
											{t("consents.withdraw", { purpose })}
										</summary>
										<div className="mt-3 rounded-xl bg-ink/5 p-4 text-sm">
											<p>{t(`consents.confirm.${consent.purpose}`)}</p>
											{consent.purpose === "account" ? (
												<p className="mt-2">
													<a href="#delete-account" className="font-semibold underline underline-offset-4">
														{t("consents.deleteAccountLink")}
													</a>
												</p>
											) : null}
											<Form method="post" action="/account" className="mt-3">
												<input type="hidden" name="intent" value="withdraw-consent" />
												<input type="hidden" name="purpose" value={consent.purpose} />
												<button
													type="submit"
													className="rounded-full border border-accent px-4 py-2 font-semibold text-accent hover:bg-accent hover:text-accent-ink"
													disabled={withdrawing}
												>
													{t("consents.confirmButton", { purpose })}
												</button>
											</Form>
										</div>
									</details>
								) : null}
							</li>
						);
					})}
				</ul>
			)}
		</section>
	);
}
