/**
 * Debian's chromium, as our machines run it (never a downloaded browser): the Playwright runs and the
 * bench's Lighthouse runs launch it with the same flags (no sandbox in containers, no GPU, no background
 * traffic that would skew a measurement or reach for the internet).
 */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
	"--no-sandbox",
	"--disable-gpu",
	"--disable-background-networking",
	"--disable-component-update",
	"--disable-sync",
	"--no-first-run",
	"--disable-quic",
];
