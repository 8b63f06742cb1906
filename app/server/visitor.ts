/**
 * Who is asking, as far as the server must know before Remix: nobody, or a signed-in user and their role.
 * The same signed cookie and sessions table the app trusts (app/lib/session.server.ts), so a forged or
 * expired cookie, a revoked session or a blocked user counts as nobody.
 */
import type { Request, Response } from "express";
import { sessionCookie } from "~/lib/session.server";
import { getSessionUser } from "~/models/sessions.server";

export interface Visitor {
	userId: number;
	role: "user" | "admin";
}

async function lookUp(cookieHeader: string | undefined): Promise<Visitor | null> {
	// Most requests carry no session at all: no signature to check, no query.
	if (!cookieHeader?.includes(`${sessionCookie.name}=`)) return null;
	const sessionId: unknown = await sessionCookie.parse(cookieHeader);
	if (typeof sessionId !== "string" || sessionId.length === 0) return null;
	const user = await getSessionUser(sessionId);
	return user ? { userId: user.id, role: user.role } : null;
}

/** The signed-in visitor behind a request (looked up once per request), or null. */
export function visitorOf(req: Request, res: Response): Promise<Visitor | null> {
	const known = res.locals.visitor as Promise<Visitor | null> | undefined;
	if (known) return known;
	const visitor = lookUp(req.headers.cookie);
	res.locals.visitor = visitor;
	return visitor;
}
