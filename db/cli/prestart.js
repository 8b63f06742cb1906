// `npm start` on a developer's or reviewer's machine: build when the build is missing or older than the
// sources, and make sure a session secret exists. The production server requires SESSION_SECRET; for a
// local start we generate a random one once and keep it in db/.session-secret (git-ignored). Deployments
// set their own SESSION_SECRET and never use this file. The production server also requires SITE_URL (its
// public origin, never guessed from a request's Host); the start script defaults it to
// http://localhost:$PORT, which is what a local start is.
import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const sources = ["app", "db", "migrations", "public", "remix.config.js", "postcss.config.js", "package.json"];
const output = "build/index.js";
const secretFile = "db/.session-secret";

function newestMtime(entry) {
	if (!fs.existsSync(entry)) return 0;
	const stat = fs.statSync(entry);
	if (!stat.isDirectory()) return stat.mtimeMs;
	let newest = stat.mtimeMs;
	for (const child of fs.readdirSync(entry)) {
		if (entry === "public" && child === "build") continue;
		if (child.endsWith(".sqlite") || child.includes(".sqlite-") || child.startsWith(".")) continue;
		newest = Math.max(newest, newestMtime(path.join(entry, child)));
	}
	return newest;
}

const serverBundle = "build/server/server.js";
const built = fs.existsSync(output) && fs.existsSync(serverBundle) ? fs.statSync(output).mtimeMs : 0;
if (built < Math.max(...sources.map(newestMtime))) {
	console.log(built ? "Sources changed since the last build: rebuilding…" : "No build yet: building…");
	execSync("npm run build", { stdio: "inherit" });
}

if (!process.env.SESSION_SECRET && !fs.existsSync(secretFile)) {
	fs.writeFileSync(secretFile, randomBytes(32).toString("hex"), { mode: 0o600 });
	console.log(`Generated a local session secret in ${secretFile}.`);
}
