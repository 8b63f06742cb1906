import net from "node:net";

/** Whether something accepts a TCP connection on the port (127.0.0.1) right now. */
export function portOpen(port: number): Promise<boolean> {
	return new Promise<boolean>((resolve) => {
		const socket = net.connect(port, "127.0.0.1", () => {
			socket.end();
			resolve(true);
		});
		socket.once("error", () => resolve(false));
	});
}
