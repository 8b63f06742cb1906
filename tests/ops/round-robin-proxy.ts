/**
 * A small round-robin HTTP proxy for the operations proofs' several-instance mode (`npm run ops:load --
 * --instances=2`), standing in for a load balancer: each request goes to the next instance in turn, over
 * kept-alive connections, with the client's address appended to X-Forwarded-For as a proxy does (the
 * instances trust one hop more for it: TRUST_PROXY). An instance that cannot be reached answers 502.
 * Run in a process of its own (tests/ops/harness.ts, startProxy), so the load it carries is not measured
 * on the load generator's event loop:
 *
 *   node --import tsx tests/ops/round-robin-proxy.ts <listen port> <instance port> [<instance port> …]
 */
import http from "node:http";

const [listenPort, ...instancePorts] = process.argv.slice(2).map(Number);
if (!listenPort || instancePorts.length === 0) {
	console.error("usage: round-robin-proxy.ts <listen port> <instance port> [<instance port> …]");
	process.exit(2);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let turn = 0;

http
	.createServer((request, response) => {
		const port = instancePorts[turn % instancePorts.length];
		turn += 1;
		const forwardedFor = [request.headers["x-forwarded-for"], request.socket.remoteAddress]
			.flat()
			.filter(Boolean)
			.join(", ");
		const upstream = http.request(
			{
				host: "127.0.0.1",
				port,
				method: request.method,
				path: request.url,
				headers: { ...request.headers, "x-forwarded-for": forwardedFor },
				agent,
			},
			(answer) => {
				response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
				answer.pipe(response);
			},
		);
		upstream.on("error", () => {
			if (response.headersSent) response.destroy();
			else response.writeHead(502).end();
		});
		request.pipe(upstream);
	})
	.listen(listenPort, "127.0.0.1", () => console.log(`round-robin proxy on ${listenPort}`));
