import { hash, verify } from "@node-rs/argon2";

/** argon2id with the library's defaults (19 MiB memory, 2 passes, 1 lane: OWASP's baseline). */
export async function hashPassword(password: string): Promise<string> {
	return hash(password);
}

// A real hash of a random password: checking an unknown user against it costs the same time as a real check,
// so response times do not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
	if (!passwordHash) {
		dummyHash ??= hash(`no-such-user-${Math.random()}`);
		await verify(await dummyHash, password).catch(() => false);
		return false;
	}
	try {
		return await verify(passwordHash, password);
	} catch {
		return false;
	}
}
