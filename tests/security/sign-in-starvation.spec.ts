import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { formTokenIn } from "../support/form-page-token";
import { plain } from "../support/plain";
import { ADMIN, BUILD_DIR, type Site, securityPort, signIn, startSite } from "./site";

/**
 * Sign-in starvation (pen test, round 3): every password check shares one argon2 line, and sign-in refuses
 * to queue behind a long one. An account of the attacker's own posted 80 wrong current passwords to
 * /account at once, and the administrator's correct sign-in from elsewhere was answered 429 three times in
 * a row. Other password forms (registration, password reset) are the same kind of door. The site trusts
 * one proxy hop, so each request speaks for the address its X-Forwarded-For names.
 */
test.describe.configure({ mode: "serial" });

const ATTACKER = { username: "mallory", email: "mallory@example.com", password: "mallory-long-password" };
const ATTACKER_ADDRESS = "203.0.113.66";
const ADMIN_ADDRESS = "192.0.2.10";

let site: Site;
let attackerCookie: string;

test.beforeAll(async () => {
	site = await startSite(securityPort(17), { TRUST_PROXY: "1" });
	// A plain account, as anyone can have one (made by the CLI: this attack needs no registration).
	const created = spawnSync(
		"node",
		[
			`${BUILD_DIR}/server/user-create.js`,
			"--username",
			ATTACKER.username,
			"--email",
			ATTACKER.email,
			"--password",
			ATTACKER.password,
		],
		{ env: site.env, encoding: "utf8" },
	);
	if (created.status !== 0) throw new Error(`user:create failed: ${created.stdout}${created.stderr}`);
	attackerCookie = await signIn(site.origin, ATTACKER.username, ATTACKER.password);
});

test.afterAll(async () => {
	await site?.stop();
});

function wrongCurrentPassword(guess: string) {
	return fetch(`${site.origin}/account`, {
		method: "POST",
		headers: { Cookie: attackerCookie, "X-Forwarded-For": ATTACKER_ADDRESS },
		body: new URLSearchParams({
			intent: "password",
			currentPassword: guess,
			newPassword: "a-new-long-password",
		}),
		redirect: "manual",
	});
}

function adminSignIn() {
	return fetch(`${site.origin}/login`, {
		method: "POST",
		body: new URLSearchParams({ username: ADMIN.username, password: ADMIN.password }),
		headers: { "X-Forwarded-For": ADMIN_ADDRESS },
		redirect: "manual",
	});
}

/** Three correct sign-ins in a row, while `flood` is being answered. */
async function signInsDuring(flood: Promise<number[]>): Promise<{ signIns: number[]; flood: number[] }> {
	// Let the flood reach the server first (the attack is a burst that is already queued).
	await new Promise((resolve) => setTimeout(resolve, 200));
	const signIns: number[] = [];
	for (let i = 0; i < 3; i++) signIns.push((await adminSignIn()).status);
	return { signIns, flood: await flood };
}

/** What a reader sees of a page: its text without the scripts (which carry every translation). */
async function visibleText(response: Response): Promise<string> {
	return plain((await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, ""));
}

function tally(statuses: number[]) {
	const counts: Record<number, number> = {};
	for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
	return counts;
}

test("sign-in starvation: 80 wrong current passwords from one account never refuse the administrator's sign-in", async () => {
	const flood = Promise.all(
		Array.from({ length: 80 }, (_, i) => wrongCurrentPassword(`wrong-guess-${i}`).then((r) => r.status)),
	);
	const { signIns, flood: statuses } = await signInsDuring(flood);
	test.info().annotations.push({ type: "flood statuses", description: JSON.stringify(tally(statuses)) });
	expect(signIns, site.output().slice(-2000)).toEqual([302, 302, 302]);
	// The attacker's guesses are wrong (400) or turned away (429); none is a server error.
	expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
});

test("current-password guessing: after five wrong passwords the account waits longer for each (429, Retry-After, translated)", async () => {
	// Five wrong guesses are free (the burst above may have used some of them: its posts beyond two at a
	// time were turned away at the door), then the next one has to wait.
	let english: Response | undefined;
	for (let guess = 0; guess < 6; guess++) {
		const response = await wrongCurrentPassword(`one-more-guess-${guess}`);
		if (response.status === 429) {
			english = response;
			break;
		}
		expect(response.status).toBe(400);
		await response.arrayBuffer();
	}
	if (!english) throw new Error("six wrong current passwords in a row were all checked");
	expect(Number(english.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
	expect(await visibleText(english)).toContain("Too many attempts to enter the current password");
	const russian = await fetch(`${site.origin}/account?lng=ru`, {
		method: "POST",
		headers: { Cookie: attackerCookie, "X-Forwarded-For": "203.0.113.67" },
		body: new URLSearchParams({
			intent: "password",
			currentPassword: "x",
			newPassword: "a-new-long-password",
		}),
		redirect: "manual",
	});
	// Keyed on the account, not the address: another address does not start a new budget.
	expect(russian.status).toBe(429);
	expect(await visibleText(russian)).toContain("Слишком много попыток ввести текущий пароль");
	// The owner's own sign-in still works (the account is slowed, not locked).
	expect((await signIn(site.origin, ATTACKER.username, ATTACKER.password)).length).toBeGreaterThan(0);
});

test("sign-in starvation: registration and password-reset floods from many addresses never refuse a sign-in", async () => {
	// Registrations hash a password each: one fresh form (and token) per attempt, from 40 addresses.
	const tokens: string[] = [];
	for (let i = 0; i < 40; i++) {
		const page = await fetch(`${site.origin}/register?attempt=${i}`, {
			headers: { "X-Forwarded-For": `198.51.100.${i + 1}` },
		});
		tokens.push(formTokenIn(await page.text(), "/register"));
	}
	const registrations = tokens.map((formToken, i) =>
		fetch(`${site.origin}/register`, {
			method: "POST",
			body: new URLSearchParams({
				email: `flood-${i}@example.com`,
				phone: "+79161234567",
				password: "long-enough-password",
				formToken,
			}),
			headers: { "X-Forwarded-For": `198.51.100.${i + 1}` },
			redirect: "manual",
		}).then((response) => response.status),
	);
	const resets = Array.from({ length: 40 }, (_, i) =>
		fetch(`${site.origin}/reset-password`, {
			method: "POST",
			body: new URLSearchParams({
				token: `made-up-token-${i}`,
				password: "long-enough-password",
				confirm: "long-enough-password",
			}),
			headers: { "X-Forwarded-For": `198.51.101.${i + 1}` },
			redirect: "manual",
		}).then((response) => response.status),
	);
	const { signIns, flood: statuses } = await signInsDuring(Promise.all([...registrations, ...resets]));
	test.info().annotations.push({ type: "flood statuses", description: JSON.stringify(tally(statuses)) });
	expect(signIns, site.output().slice(-2000)).toEqual([302, 302, 302]);
	expect(statuses.every((status) => status < 500)).toBe(true);
});
