/**
 * Requests no browser or fetch() would send (broken %-encoding, a Host that is not a host, a Referer that is
 * not a URL, headers that never end), written to a socket by hand.
 */
import net from "node:net";

export interface RawResponse {
	status: number;
	headers: Record<string, string>;
	body: string;
}

function parse(text: string): RawResponse {
	const [headText = "", ...rest] = text.split("\r\n\r\n");
	const [statusLine = "", ...headerLines] = headText.split("\r\n");
	const headers: Record<string, string> = {};
	for (const line of headerLines) {
		const index = line.indexOf(":");
		if (index > 0) headers[line.slice(0, index).trim().toLowerCase()] = line.slice(index + 1).trim();
	}
	return { status: Number(statusLine.split(" ")[1] ?? 0), headers, body: rest.join("\r\n\r\n") };
}

/**
 * A connection that sends `lines` (the request line and headers, as given) and then `body`, if `complete`
 * also the blank line that ends the headers. `response` settles when the server closes the connection.
 */
export function openRequest(
	port: number,
	lines: string[],
	{ body = "", complete = true }: { body?: string; complete?: boolean } = {},
) {
	const socket = net.connect(port, "127.0.0.1");
	const chunks: Buffer[] = [];
	socket.on("data", (chunk) => chunks.push(chunk));
	const response = new Promise<RawResponse>((resolve, reject) => {
		socket.on("error", reject);
		socket.on("close", () => resolve(parse(Buffer.concat(chunks).toString("utf8"))));
	});
	socket.write(`${lines.join("\r\n")}\r\n${complete ? "\r\n" : ""}${body}`);
	return { socket, response };
}

/** One complete request on its own connection (`Connection: close` is added), and the answer. */
export function rawRequest(port: number, lines: string[], body = ""): Promise<RawResponse> {
	return openRequest(port, [...lines, "Connection: close"], { body }).response;
}
