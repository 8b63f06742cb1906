import net from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { createSmtpTransport, MailSendError, type MailTransport, type OutgoingMail } from "~/lib/mail.server";
import { MAX_MAIL_ATTEMPTS, retryDelayMs } from "~/services/mail.server";

/**
 * How the sender reads a failed send (app/lib/mail.server.ts), against real sockets and a real SMTP server:
 * a server it cannot reach is an outage (the message waits, its attempt given back), a 5xx refusal is final,
 * a 4xx is tried again later.
 */
const mail: OutgoingMail = {
	messageId: "<unit-test@forma.test>",
	fromName: "FORMA",
	fromAddress: "gallery@forma.test",
	to: "buyer@example.com",
	language: "en",
	subject: "Hello",
	text: "Hello",
	html: "<p>Hello</p>",
};

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function transportTo(port: number): MailTransport {
	const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`);
	cleanups.push(() => transport.close());
	return transport;
}

/** A free port with nobody listening on it. */
async function closedPort(): Promise<number> {
	const server = net.createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
	const address = server.address();
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return typeof address === "object" && address ? address.port : 0;
}

/** A real SMTP server that answers every recipient with `code`. */
async function refusingServer(code: number): Promise<number> {
	const server = new SMTPServer({
		disabledCommands: ["STARTTLS", "AUTH"],
		authOptional: true,
		logger: false,
		onRcptTo(_address, _session, callback) {
			callback(Object.assign(new Error(`${code} not now`), { responseCode: code }));
		},
	});
	const port = await new Promise<number>((resolve) => {
		server.listen(0, "127.0.0.1", () => {
			const address = server.server.address();
			resolve(typeof address === "object" && address ? address.port : 0);
		});
	});
	cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
	return port;
}

async function failureOf(transport: MailTransport): Promise<string> {
	const error = await transport.send(mail).then(
		() => undefined,
		(caught: unknown) => caught,
	);
	expect(error).toBeInstanceOf(MailSendError);
	return (error as MailSendError).failure;
}

describe("the SMTP transport's failures", () => {
	it("a server nobody answers at is unreachable (an outage, not the message's fault)", async () => {
		expect(await failureOf(transportTo(await closedPort()))).toBe("unreachable");
	});

	it("a server that closes the connection before its greeting is unreachable", async () => {
		const server = net.createServer((socket) => socket.destroy());
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
		cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
		const address = server.address();
		const port = typeof address === "object" && address ? address.port : 0;
		expect(await failureOf(transportTo(port))).toBe("unreachable");
	});

	it("a 5xx refusal is final (rejected), a 4xx is tried again (temporary)", async () => {
		expect(await failureOf(transportTo(await refusingServer(550)))).toBe("rejected");
		expect(await failureOf(transportTo(await refusingServer(451)))).toBe("temporary");
	});
});

describe("retryDelayMs", () => {
	it("waits 30 s after the first attempt, doubling up to an hour", () => {
		expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
		expect(retryDelayMs(8)).toBe(60 * 60 * 1000);
		expect(retryDelayMs(50)).toBe(60 * 60 * 1000);
	});

	it("a message refused for now (4xx) is tried 10 times over about three hours before it is marked failed", () => {
		const total = Array.from({ length: MAX_MAIL_ATTEMPTS - 1 }, (_, index) => retryDelayMs(index + 1)).reduce(
			(sum, delay) => sum + delay,
			0,
		);
		expect(MAX_MAIL_ATTEMPTS).toBe(10);
		expect(total / 60_000).toBe(183.5);
	});
});
