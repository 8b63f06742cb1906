/**
 * Caps on requests in flight at once, applied before the app so a refusal costs nothing: no body read, no
 * page rendered. A flood of requests that each hold something scarce is turned away at the door, while
 * anyone else's pages and pictures keep their speed.
 *
 * - Uploads (multipart forms) hold a connection and memory while their body trickles in: at most 4 at a
 *   time per client address.
 * - Sign-in posts each end in a password hash (docs/decisions/0004). The app already counts attempts
 *   before hashing and hashes on half the cores at most, but every refused post still renders a whole
 *   page: 150 at once kept a picture waiting 2–4 s. So at most 2 per address and 16 in all are let
 *   through at a time; a person signing in sends one.
 * - The other forms that check or hash a password (registration, the account's password change, a
 *   password reset) have a door of their own, with the same numbers: a flood of them fills their door,
 *   never sign-in's, so nobody can keep the administrator from signing in that way.
 *
 * Paths are read as the router reads them (requestPath): `/LOGIN`, `/login/` and `/login.data` are `/login`.
 */
import type { NextFunction, Request, Response } from "express";
import onHeaders from "on-headers";
import { logger } from "~/lib/logger.server";
import { addressKey } from "~/lib/rate-limit.server";
import { bilingualErrorPage, discardRefusedBody, refusalPageHeaders } from "./refusal-pages";
import { requestPath } from "./request-guards";

const MAX_UPLOADS_PER_ADDRESS = 4;
const MAX_PASSWORD_POSTS_PER_ADDRESS = 2;
const MAX_PASSWORD_POSTS = 16;

const SIGN_IN = new Set(["/login"]);
/** The other posts that may end in a password check or hash. */
const PASSWORD_FORMS = new Set(["/register", "/account", "/reset-password", "/verify-email"]);

interface LimitOptions {
	/** For the log. */
	name: string;
	applies(req: Request, res: Response): boolean;
	perAddress: number;
	overall?: number;
	retryAfterSeconds: number;
	messageKey: "tooManyUploads" | "tooManySignIns" | "tooManyForms";
}

function inFlightLimit(options: LimitOptions) {
	const { perAddress, overall = Number.POSITIVE_INFINITY } = options;
	const byAddress = new Map<string, number>();
	let total = 0;
	return (req: Request, res: Response, next: NextFunction): void => {
		if (!options.applies(req, res)) {
			next();
			return;
		}
		// An IPv6 client counts by its /64, as the app's limits count it.
		const address = req.ip ? addressKey(req.ip) : "unknown";
		const count = byAddress.get(address) ?? 0;
		if (count >= perAddress || total >= overall) {
			logger.warn(`${options.name} refused: too many at once`, {
				path: requestPath(res),
				fromAddress: count,
				inFlight: total,
			});
			discardRefusedBody(req);
			res
				.status(429)
				.set(refusalPageHeaders())
				.set("Retry-After", String(options.retryAfterSeconds))
				.send(bilingualErrorPage(429, options.messageKey));
			return;
		}
		byAddress.set(address, count + 1);
		total += 1;
		let released = false;
		const release = () => {
			if (released) return;
			released = true;
			total -= 1;
			const left = (byAddress.get(address) ?? 1) - 1;
			if (left > 0) byAddress.set(address, left);
			else byAddress.delete(address);
		};
		// The app's work is done once its answer starts: a streamed page may still be on its way to a client
		// that read the status and moved on, and that must not count against its next request. "close"
		// covers a client that went away before any answer.
		onHeaders(res, release);
		res.once("close", release);
		next();
	};
}

export const uploadLimit = () =>
	inFlightLimit({
		name: "upload",
		applies: (req) => Boolean(req.is("multipart/form-data")),
		perAddress: MAX_UPLOADS_PER_ADDRESS,
		retryAfterSeconds: 30,
		messageKey: "tooManyUploads",
	});

export const signInLimit = () =>
	inFlightLimit({
		name: "sign-in",
		applies: (req, res) => req.method === "POST" && SIGN_IN.has(requestPath(res)),
		perAddress: MAX_PASSWORD_POSTS_PER_ADDRESS,
		overall: MAX_PASSWORD_POSTS,
		retryAfterSeconds: 1,
		messageKey: "tooManySignIns",
	});

export const passwordFormLimit = () =>
	inFlightLimit({
		name: "password form",
		applies: (req, res) => req.method === "POST" && PASSWORD_FORMS.has(requestPath(res)),
		perAddress: MAX_PASSWORD_POSTS_PER_ADDRESS,
		overall: MAX_PASSWORD_POSTS,
		retryAfterSeconds: 1,
		messageKey: "tooManyForms",
	});
