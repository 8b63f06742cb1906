// `npm start` on a developer's or reviewer's machine: build when the build is missing or older than the
// sources. The production server requires SESSION_SECRET, which the start script takes from
// app/server/cli/session-secret.ts when it is not set, and SITE_URL (its public origin, never guessed from a
// request's Host), which the start script defaults to http://localhost:$PORT, what a local start is.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const sources = ["app", "db", "migrations", "public", "remix.config.js", "postcss.config.js", "package.json"];
const output = "build/index.js";

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
