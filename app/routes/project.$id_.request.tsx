import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Price } from "~/components/price";
import { PurchaseConfirmation } from "~/components/purchase-confirmation";
import type { PurchaseActionData, PurchaseSent } from "~/components/purchase-form";
import { PurchaseForm } from "~/components/purchase-form";
import { publicOrigin } from "~/lib/env.server";
import { readFormData } from "~/lib/form.server";
import { type FormOutcome, issueFormToken } from "~/lib/form-token.server";
import { hasPrice } from "~/lib/format";
import { getLanguage, i18nServer } from "~/lib/i18n.server";
import { purchaseRequestLimiter, readSentRequests, rememberSentRequest } from "~/lib/purchase.server";
import { PURCHASE_TEXT, type PurchaseMode, purchaseMode } from "~/lib/purchase-mode";
import { clientAddress } from "~/lib/rate-limit.server";
import { rootMetaData, seoMeta } from "~/lib/seo";
import { salesAddress } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { typesetName } from "~/lib/typography.server";
import { getCurrentConsentText } from "~/models/consents.server";
import { getProjectById, ProjectNotFoundError } from "~/models/projects.server";
import { ProjectReservedError, ProjectSoldError } from "~/models/purchase-requests.server";
import { getSettings } from "~/models/settings.server";
import { getUser } from "~/services/auth.server";
import { acceptedConsentVersion } from "~/services/consents.server";
import { answerFormPost, postOnce } from "~/services/form-tokens.server";
import { requireSiteOpen } from "~/services/maintenance.server";
import { type PurchaseSubmission, submitPurchaseRequest } from "~/services/purchase-requests.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
	const { origin, language } = rootMetaData(matches);
	if (!data) return [{ title: "FORMA" }];
	return [
		...seoMeta({
			title: data.title,
			description: data.title,
			path: `/project/${data.project.id}/request`,
			origin,
			language,
		}),
		{ name: "robots", content: "noindex" },
	];
};

/** Published pieces only: a draft is unknown here, to admins too (it cannot be requested). */
async function loadProject(id: string | undefined) {
	const project = id ? await getProjectById(id) : undefined;
	if (!project) throw new Response("Not Found", { status: 404 });
	return project;
}

/** The form's one-time token is for requests about this piece only (docs/decisions/0022). */
const tokenScope = (projectId: string) => `purchase:${projectId}`;

/** Also what the project page's dialog loads (with a fetcher) for its form's token. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const project = await loadProject(params.id);
	const [user, t, consent] = await Promise.all([
		getUser(request),
		i18nServer.getFixedT(await getLanguage(request)),
		getCurrentConsentText("purchase"),
	]);
	const mode = purchaseMode(project);
	return {
		title: `${t(PURCHASE_TEXT[mode].title)} — ${project.name}`,
		mode,
		project: {
			id: project.id,
			name: typesetName(project.name),
			designer: typesetName(project.designer),
			price: project.price,
		},
		email: user?.email ?? "",
		phone: user?.phone ?? "",
		formToken: issueFormToken(tokenScope(project.id)),
		consentVersion: consent?.version ?? null,
	};
}

export async function action({ request, params }: ActionFunctionArgs) {
	await requireSiteOpen(request);
	const project = await loadProject(params.id);
	const formData = await readFormData(request);
	const { validatePurchase } = await import("~/lib/purchase-schema");
	const submission = validatePurchase(formData);
	const fail = (result: ReturnType<typeof submission.reply>, status: number, formToken?: string) =>
		data<PurchaseActionData>({ ok: false, result, ...(formToken ? { formToken } : {}) }, { status });

	// A repeat of a sent form gets the first answer and writes nothing; a refused token, a fresh one.
	return postOnce(formData, tokenScope(project.id), {
		refused: (refusal) =>
			fail(submission.reply({ formErrors: [refusal.message] }), refusal.httpStatus, refusal.formToken),
		write: async (claim) => {
			if (!(await purchaseRequestLimiter.hit(clientAddress(request))).allowed) {
				return fail(submission.reply({ formErrors: ["purchase.tooMany"] }), 429);
			}
			if (submission.status !== "success") return fail(submission.reply(), 400);
			// The ticked box is for the version of the text the form showed: one that exists (decision 0031).
			const consentVersion = await acceptedConsentVersion(formData, "purchase");
			if (consentVersion === null)
				return fail(submission.reply({ fieldErrors: { consent: ["validation.consentVersion"] } }), 400);
			// The form says what it asks; whether that is allowed, and what price was shown, the stored piece says.
			const asked = formData.get("kind");
			const kind = asked === "similar" || asked === "wait" ? asked : "purchase";
			const mode: PurchaseMode = kind === "purchase" ? (hasPrice(project.price) ? "buy" : "price") : kind;
			const projectName = typesetName(project.name);
			const [user, settings] = await Promise.all([getUser(request), getSettings()]);
			// The confirmation that stays (issue #35), on the request page and in the dialog alike; a repeat of the
			// same post is answered with it again (the form token stores it).
			const confirmation = (
				sent: Pick<PurchaseSent, "requestId" | "email" | "repeated" | "mailed">,
			): FormOutcome => ({
				data: {
					ok: true,
					mode,
					projectName,
					projectId: project.id,
					signedIn: user !== null,
					salesEmail: salesAddress(settings),
					...sent,
				} satisfies PurchaseSent,
			});
			const outcome = ({ request: saved, repeated, mailed }: PurchaseSubmission): FormOutcome =>
				confirmation({ requestId: saved.id, email: saved.email, repeated, mailed });

			// The honeypot was filled: answer like a success (without a number) so the bot learns nothing, but save nothing.
			if (submission.value.website) {
				const email = submission.value.email;
				return answerFormPost<PurchaseActionData>(
					confirmation({ requestId: 0, email, repeated: false, mailed: true }),
				);
			}
			try {
				const sent = await submitPurchaseRequest({
					projectId: project.id,
					email: submission.value.email,
					phone: submission.value.phone,
					userId: user?.id ?? null,
					kind,
					language: await getLanguage(request),
					origin: publicOrigin(request),
					consent: { version: consentVersion, clientAddress: clientAddress(request) },
					sentRequestIds: await readSentRequests(request),
					claim: claim(outcome),
				});
				const headers = new Headers({
					"Set-Cookie": await rememberSentRequest(request, project.id, sent.request.id),
				});
				return answerFormPost<PurchaseActionData>(outcome(sent), { headers });
			} catch (error) {
				if (error instanceof ProjectNotFoundError) throw new Response("Not Found", { status: 404 });
				if (error instanceof ProjectSoldError)
					return fail(submission.reply({ formErrors: ["purchase.sold"] }), 409);
				if (error instanceof ProjectReservedError)
					return fail(submission.reply({ formErrors: ["purchase.reserved"] }), 409);
				throw error;
			}
		},
	});
}

export default function PurchaseRequestPage() {
	const { t } = useTranslation();
	const { project, email, phone, mode, formToken, consentVersion } = useLoaderData<typeof loader>();
	const text = PURCHASE_TEXT[mode];
	const actionData = useActionData<typeof action>();
	const sent = actionData?.ok ? actionData : null;
	return (
		<div className="mx-auto grid max-w-[1440px] gap-12 px-5 py-14 md:grid-cols-2 md:px-10 md:py-20">
			<div>
				<Link to={`/project/${project.id}`} className="text-sm font-semibold text-muted hover:text-ink">
					← {t("purchase.backToProject")}
				</Link>
				<h1 className="mt-6 font-display text-[clamp(2.25rem,5vw,3.75rem)] leading-none font-semibold tracking-[-0.04em]">
					{t(text.title)}
				</h1>
				<p className="mt-6 font-display text-xl">{project.name}</p>
				<p className="text-muted">{project.designer}</p>
				{mode === "similar" ? null : (
					<Price value={project.price} className="mt-3 block text-lg font-semibold" />
				)}
				<p className="mt-6 max-w-md text-muted">{t(text.intro, { projectName: project.name })}</p>
			</div>
			<div className="w-full max-w-md rounded-2xl border border-line bg-card p-6 md:p-8">
				{sent ? (
					<PurchaseConfirmation sent={sent} headingLevel={2} />
				) : (
					<PurchaseForm
						projectId={project.id}
						defaultEmail={email}
						defaultPhone={phone}
						mode={mode}
						consentVersion={consentVersion ?? undefined}
						lastResult={actionData && !actionData.ok ? actionData.result : null}
						formToken={(actionData && !actionData.ok ? actionData.formToken : undefined) ?? formToken}
					/>
				)}
			</div>
		</div>
	);
}
