import { describe, expect, it } from "vitest";
import { changeUserAccess, createUser } from "~/models/users.server";
import { action as forgotAction } from "~/routes/forgot-password";
import { loader as resetLoader } from "~/routes/reset-password";
import { loader as verifyLoader } from "~/routes/verify-email";
import { resendVerification } from "~/services/email-verification.server";
import { smtpDeliveryForEachTest } from "../support/mail-delivery";
import { formRequest, getRequest, settle, statusOf } from "../support/requests";
import { linkIn } from "../support/smtp";

/**
 * A link that outlives a block: a reset link mailed before an administrator blocked the account worked
 * again once the account was unblocked, so whoever had it (the reason for the block, perhaps) could take
 * the account back. Blocking uses up every link the account has outstanding, of every kind.
 */
const { deliverTo } = smtpDeliveryForEachTest();

describe("links issued before a block", () => {
	it("a reset link and a verification link mailed before the block do not work after the unblock", async () => {
		const admin = await createUser({
			email: "boss@example.com",
			phone: null,
			password: "boss-password",
			role: "admin",
			username: "boss",
			emailVerified: true,
		});
		const user = await createUser({
			email: "mallory@example.com",
			phone: null,
			password: "the-password",
			username: "mallory",
		});
		const asked = await settle(() =>
			forgotAction({
				request: formRequest(
					"/forgot-password",
					{ email: user.email },
					{ headers: { "X-Forwarded-For": "192.0.2.77" } },
				),
				params: {},
				context: {},
			}),
		);
		expect(statusOf(asked)).toBe(200);
		expect(await resendVerification(user, "en", "http://localhost")).toEqual({ ok: true });
		const resetLink = linkIn(
			await deliverTo(user.email, (mail) => mail.subject.includes("password")),
			"http://localhost/reset-password?",
		);
		const verifyLink = linkIn(
			await deliverTo(user.email, (mail) => mail.subject.includes("Confirm")),
			"http://localhost/verify-email?",
		);
		const resetProblem = async () => {
			const opened = await settle(() =>
				resetLoader({
					request: getRequest(new URL(resetLink).pathname + new URL(resetLink).search),
					params: {},
					context: {},
				}),
			);
			return {
				status: statusOf(opened),
				problem: (opened as { data: { problem: string | null } }).data.problem,
			};
		};
		// Working before the block.
		expect(await resetProblem()).toEqual({ status: 200, problem: null });

		expect((await changeUserAccess(user.id, { status: "blocked" }, admin)).ok).toBe(true);
		expect((await changeUserAccess(user.id, { status: "active" }, admin)).ok).toBe(true);

		expect(await resetProblem()).toEqual({ status: 410, problem: "used" });
		const verified = await settle(() =>
			verifyLoader({
				request: getRequest(new URL(verifyLink).pathname + new URL(verifyLink).search),
				params: {},
				context: {},
			}),
		);
		expect(statusOf(verified)).toBe(410);
	});
});
