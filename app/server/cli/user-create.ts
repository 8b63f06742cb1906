/**
 * npm run user:create -- --username anna --email anna@example.com --password '…' [--phone +79161234567] [--admin]
 * Creates a user (an administrator with --admin) in the database named by DATABASE_PATH.
 */
import { parseArgs } from "node:util";
import * as z from "zod";

const { values } = parseArgs({
	options: {
		username: { type: "string" },
		email: { type: "string" },
		password: { type: "string" },
		phone: { type: "string" },
		admin: { type: "boolean", default: false },
	},
});

const input = z
	.object({
		username: z.string().trim().min(1, "--username is required").max(64),
		email: z.email("--email must be a valid e-mail address"),
		password: z.string().min(8, "--password must be at least 8 characters").max(128),
		phone: z.string().optional(),
		admin: z.boolean(),
	})
	.safeParse(values);

if (!input.success) {
	console.error(input.error.issues.map((issue) => issue.message).join("\n"));
	process.exit(2);
}

const { createUser, EmailTakenError, UsernameTakenError } = await import("~/models/users.server");
const { normaliseUsername, USERNAME_PROBLEM_TEXT, usernameProblem } = await import("~/lib/usernames");
const { email, password, phone, admin } = input.data;
// The same username rules as the site's forms: NFKC, one alphabet, no look-alike of 'admin'.
const username = normaliseUsername(input.data.username);
const problem = usernameProblem(username);
if (problem) {
	console.error(`--username "${input.data.username}": ${USERNAME_PROBLEM_TEXT[problem]}.`);
	process.exit(2);
}
try {
	const user = await createUser({
		username,
		email,
		password,
		phone: phone ?? null,
		role: admin ? "admin" : "user",
		// The operator vouches for an administrator's address; other accounts confirm theirs by the link.
		emailVerified: admin,
	});
	console.log(`Created ${user.role} "${user.username}" <${user.email}>.`);
} catch (error) {
	// Taken is decided inside the insert's transaction (and by the unique index, if the site wins a race).
	if (error instanceof EmailTakenError) {
		console.error(`A user with the e-mail ${email} already exists.`);
		process.exit(1);
	}
	if (error instanceof UsernameTakenError) {
		console.error(`A user named "${username}" already exists.`);
		process.exit(1);
	}
	throw error;
}
