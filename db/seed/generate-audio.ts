/**
 * Renders the header's ambient loop (public/audio/forma-loop.mp3) from scratch.
 *
 * The site has no licensed music, so the track is synthesised here instead: a slow
 * Cmaj7 – Am9 – Fmaj7 – G6sus progression of detuned pads, a soft bass, a plucked
 * arpeggio with a ping-pong echo, a few glassy bell notes and a small reverb.
 *
 * The player loops the file, so everything is rendered into a circular buffer:
 * notes that ring past the last bar wrap around onto the first bars, and the echo and
 * reverb are computed around the circle too. The last sample therefore flows straight
 * into the first one and the loop point has no click or gap in the sound itself.
 *
 * Run from the repo root:  npx tsx db/seed/generate-audio.ts   (needs `apt-get install lame`)
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const OUTPUT = resolve("public/audio/forma-loop.mp3");
const SAMPLE_RATE = 44100;
// 80 kbit/s keeps a ~23 s stereo loop well under the 300 KB budget while pads stay clean.
const MP3_KBPS = 80;
const PEAK_DBFS = -3;

const BPM = 84;
const BEAT = 60 / BPM;
const BAR = BEAT * 4;
const BARS_PER_CHORD = 2;

type Chord = {
	name: string;
	bass: number;
	pad: number[];
	arp: number[];
	bell: number;
};

// MIDI note numbers. Pad voicings avoid semitone clashes in the low-mid register, where
// detuned voices would beat audibly, and keep G3/E4 as common tones so changes blend.
const PROGRESSION: Chord[] = [
	{ name: "Cmaj7", bass: 36, pad: [55, 59, 64, 67], arp: [64, 67, 71, 72, 76], bell: 79 },
	{ name: "Am9", bass: 45, pad: [55, 60, 64, 71], arp: [64, 69, 71, 72, 76], bell: 76 },
	{ name: "Fmaj7", bass: 41, pad: [57, 60, 64, 67], arp: [65, 69, 72, 76, 79], bell: 81 },
	{ name: "G6sus", bass: 43, pad: [55, 62, 64, 72], arp: [67, 72, 74, 76, 79], bell: 74 },
];

// Indices into a chord's `arp` notes, one per eighth note over the chord's two bars;
// the rests (-1) give the figure room to breathe.
const ARP_PATTERN = [0, 2, 4, 3, -1, 2, 1, -1, 0, 3, 4, 2, -1, 1, -1, -1];

const LOOP_SECONDS = PROGRESSION.length * BARS_PER_CHORD * BAR;
// Whole bars only: the loop must end exactly where the next downbeat would fall.
const LOOP_SAMPLES = Math.round(LOOP_SECONDS * SAMPLE_RATE);

type Stereo = { left: Float64Array; right: Float64Array };

function createStereo(): Stereo {
	return { left: new Float64Array(LOOP_SAMPLES), right: new Float64Array(LOOP_SAMPLES) };
}

/** Reads a buffer slot; indices here are always in range, `?? 0` only satisfies the
 * compiler's noUncheckedIndexedAccess without scattering non-null assertions. */
function at(buffer: Float64Array, index: number): number {
	return buffer[index] ?? 0;
}

/** Fixed-seed PRNG (mulberry32) so every rerun produces a byte-identical track. */
function createRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const random = createRandom(0xf0a4a);

function midiToHz(note: number, cents = 0): number {
	return 440 * 2 ** ((note - 69 + cents / 100) / 12);
}

/** Raised-cosine ramp from 0 to 1: its zero slope at both ends is what avoids clicks. */
function smoothStep(x: number): number {
	if (x <= 0) return 0;
	if (x >= 1) return 1;
	return 0.5 - 0.5 * Math.cos(Math.PI * x);
}

function triangle(phase: number): number {
	const x = phase - Math.floor(phase);
	return 4 * Math.abs(x - 0.5) - 1;
}

/**
 * Mixes a sound into the loop. Indices are taken modulo the loop length, which is how
 * tails that outlast the final bar end up ringing over the beginning.
 * `pan` is -1 (left) … 1 (right), using equal-power panning to keep loudness even.
 */
function mixIn(
	target: Stereo,
	startSeconds: number,
	lengthSeconds: number,
	pan: number,
	sample: (t: number) => number,
): void {
	const start = Math.round(startSeconds * SAMPLE_RATE);
	const length = Math.round(lengthSeconds * SAMPLE_RATE);
	const angle = ((pan + 1) * Math.PI) / 4;
	const gainLeft = Math.cos(angle);
	const gainRight = Math.sin(angle);
	for (let i = 0; i < length; i++) {
		const value = sample(i / SAMPLE_RATE);
		const index = (start + i) % LOOP_SAMPLES;
		target.left[index] = at(target.left, index) + value * gainLeft;
		target.right[index] = at(target.right, index) + value * gainRight;
	}
}

/** Soft pad voice: three detuned sines spread across the stereo field plus a little
 * triangle for body; the slow attack and long release make the chords cross-fade. */
function addPadNote(target: Stereo, note: number, start: number, hold: number, gain: number): void {
	const attack = 2.2;
	const release = 3.2;
	const detunes = [-7, 0, 7];
	for (const cents of detunes) {
		const freq = midiToHz(note, cents);
		// Random start phases stop the detuned copies from all peaking together at onset.
		const phase = random();
		const pan = cents / 12;
		mixIn(target, start, hold + release, pan, (t) => {
			const envelope = smoothStep(t / attack) * (1 - smoothStep((t - hold) / release));
			const osc = Math.sin(2 * Math.PI * (freq * t + phase)) + 0.25 * triangle(freq * t + phase + 0.25);
			return (gain / detunes.length) * envelope * osc;
		});
	}
}

function addBassNote(target: Stereo, note: number, start: number, hold: number, gain: number): void {
	const freq = midiToHz(note);
	const attack = 1.2;
	const release = 2.0;
	mixIn(target, start, hold + release, 0, (t) => {
		const envelope = smoothStep(t / attack) * (1 - smoothStep((t - hold) / release));
		// A touch of the octave makes the bass audible on small speakers without buzz.
		const osc = Math.sin(2 * Math.PI * freq * t) + 0.18 * Math.sin(4 * Math.PI * freq * t);
		return gain * envelope * osc;
	});
}

/**
 * Plucked tone built from harmonics whose decay gets faster with height — the same
 * darkening over time a low-pass-filtered string has, without needing a filter.
 */
function addPluck(target: Stereo, note: number, start: number, gain: number, pan: number): void {
	const freq = midiToHz(note);
	const length = 3.5;
	const partials = [1, 2, 3, 4, 5];
	mixIn(target, start, length, pan, (t) => {
		let value = 0;
		for (const n of partials) {
			const decay = 0.9 / n;
			value += (Math.exp(-t / decay) / n ** 1.6) * Math.sin(2 * Math.PI * freq * n * t);
		}
		// 4 ms fade-in avoids an onset click; the final fade guarantees the tail reaches zero.
		const envelope = smoothStep(t / 0.004) * (1 - smoothStep((t - (length - 0.4)) / 0.4));
		return gain * envelope * value;
	});
}

/** Glassy bell: a slightly stretched fourth partial gives shimmer without the harsh
 * clang of fully inharmonic bell spectra. */
function addBell(target: Stereo, note: number, start: number, gain: number, pan: number): void {
	const freq = midiToHz(note);
	const length = 6;
	const partials = [
		{ ratio: 1, amp: 1, decay: 2.4 },
		{ ratio: 2, amp: 0.28, decay: 1.3 },
		{ ratio: 3.005, amp: 0.1, decay: 0.7 },
		{ ratio: 4.23, amp: 0.05, decay: 0.35 },
	];
	mixIn(target, start, length, pan, (t) => {
		let value = 0;
		for (const p of partials) {
			value += p.amp * Math.exp(-t / p.decay) * Math.sin(2 * Math.PI * freq * p.ratio * t);
		}
		const envelope = smoothStep(t / 0.01) * (1 - smoothStep((t - (length - 0.8)) / 0.8));
		return gain * envelope * value;
	});
}

/**
 * Ping-pong echo read around the circle, so repeats of the last notes land on the first
 * bars exactly as they would if the loop kept playing.
 */
function addEcho(
	source: Stereo,
	target: Stereo,
	delaySeconds: number,
	feedback: number,
	repeats: number,
): void {
	const delay = Math.round(delaySeconds * SAMPLE_RATE);
	for (let k = 1; k <= repeats; k++) {
		const gain = feedback ** k;
		const swap = k % 2 === 1;
		const from = swap ? { left: source.right, right: source.left } : source;
		for (let i = 0; i < LOOP_SAMPLES; i++) {
			const j = (i - k * delay + k * LOOP_SAMPLES) % LOOP_SAMPLES;
			target.left[i] = at(target.left, i) + gain * at(from.left, j);
			target.right[i] = at(target.right, i) + gain * at(from.right, j);
		}
	}
}

/**
 * Small Schroeder/Freeverb-style reverb for one channel. Feedback filters carry state,
 * so the loop is fed through several times and only the last pass is kept: by then the
 * state entering the first sample is the reverb tail of the last one, i.e. seamless.
 */
function reverbChannel(input: Float64Array, spread: number): Float64Array {
	const combLengths = [1116, 1188, 1277, 1356, 1422, 1491].map((n) => n + spread);
	const allpassLengths = [556, 441, 341].map((n) => n + spread);
	const feedback = 0.84;
	// Damping inside the combs makes the tail darker as it decays, like a real room.
	const damping = 0.35;
	const combs = combLengths.map((n) => ({ buffer: new Float64Array(n), index: 0, lowpass: 0 }));
	const allpasses = allpassLengths.map((n) => ({ buffer: new Float64Array(n), index: 0 }));
	const output = new Float64Array(LOOP_SAMPLES);
	const passes = 3;
	for (let pass = 0; pass < passes; pass++) {
		for (let i = 0; i < LOOP_SAMPLES; i++) {
			let sum = 0;
			for (const comb of combs) {
				const delayed = at(comb.buffer, comb.index);
				comb.lowpass = delayed * (1 - damping) + comb.lowpass * damping;
				comb.buffer[comb.index] = at(input, i) + comb.lowpass * feedback;
				comb.index = (comb.index + 1) % comb.buffer.length;
				sum += delayed;
			}
			let value = sum / combs.length;
			for (const allpass of allpasses) {
				const delayed = at(allpass.buffer, allpass.index);
				allpass.buffer[allpass.index] = value + delayed * 0.5;
				allpass.index = (allpass.index + 1) % allpass.buffer.length;
				value = delayed - value;
			}
			output[i] = value;
		}
	}
	return output;
}

function render(): Stereo {
	const pads = createStereo();
	const plucks = createStereo();
	const chordSeconds = BARS_PER_CHORD * BAR;

	PROGRESSION.forEach((chord, c) => {
		const start = c * chordSeconds;
		for (const note of chord.pad) addPadNote(pads, note, start, chordSeconds, 0.16);
		addBassNote(pads, chord.bass, start, chordSeconds - 0.5, 0.2);

		ARP_PATTERN.forEach((step, s) => {
			const note = chord.arp[step];
			// Rests (-1) have no note.
			if (note === undefined) return;
			// Slight velocity and pan variation keeps the repeating figure from sounding mechanical.
			const velocity = 0.75 + 0.25 * random();
			const pan = (random() - 0.5) * 0.7;
			addPluck(plucks, note, start + (s * BEAT) / 2, 0.11 * velocity, pan);
		});

		addBell(plucks, chord.bell, start + BAR + BEAT / 2, 0.07, c % 2 === 0 ? 0.4 : -0.4);
	});

	const mix = createStereo();
	for (let i = 0; i < LOOP_SAMPLES; i++) {
		mix.left[i] = at(pads.left, i) + at(plucks.left, i);
		mix.right[i] = at(pads.right, i) + at(plucks.right, i);
	}
	// Dotted-eighth echo: it falls between the arpeggio's eighths instead of doubling them.
	addEcho(plucks, mix, 0.75 * BEAT, 0.38, 5);

	// Different comb lengths per side decorrelate the reverb into a wide stereo image.
	const wetLeft = reverbChannel(mix.left, 0);
	const wetRight = reverbChannel(mix.right, 23);
	const wet = 0.35;
	for (let i = 0; i < LOOP_SAMPLES; i++) {
		mix.left[i] = at(mix.left, i) * (1 - wet) + at(wetLeft, i) * wet;
		mix.right[i] = at(mix.right, i) * (1 - wet) + at(wetRight, i) * wet;
	}
	return mix;
}

function normalise(audio: Stereo, peakDbfs: number): void {
	let peak = 0;
	for (let i = 0; i < LOOP_SAMPLES; i++) {
		peak = Math.max(peak, Math.abs(at(audio.left, i)), Math.abs(at(audio.right, i)));
	}
	const gain = 10 ** (peakDbfs / 20) / peak;
	for (let i = 0; i < LOOP_SAMPLES; i++) {
		audio.left[i] = at(audio.left, i) * gain;
		audio.right[i] = at(audio.right, i) * gain;
	}
}

/** 16-bit stereo PCM WAV, the simplest input lame accepts. */
function encodeWav(audio: Stereo): Buffer {
	const channels = 2;
	const bytesPerSample = 2;
	const dataBytes = LOOP_SAMPLES * channels * bytesPerSample;
	const buffer = Buffer.alloc(44 + dataBytes);
	buffer.write("RIFF", 0, "ascii");
	buffer.writeUInt32LE(36 + dataBytes, 4);
	buffer.write("WAVE", 8, "ascii");
	buffer.write("fmt ", 12, "ascii");
	buffer.writeUInt32LE(16, 16);
	buffer.writeUInt16LE(1, 20); // integer PCM
	buffer.writeUInt16LE(channels, 22);
	buffer.writeUInt32LE(SAMPLE_RATE, 24);
	buffer.writeUInt32LE(SAMPLE_RATE * channels * bytesPerSample, 28);
	buffer.writeUInt16LE(channels * bytesPerSample, 32);
	buffer.writeUInt16LE(bytesPerSample * 8, 34);
	buffer.write("data", 36, "ascii");
	buffer.writeUInt32LE(dataBytes, 40);
	const toInt16 = (x: number) => Math.max(-32768, Math.min(32767, Math.round(x * 32767)));
	for (let i = 0; i < LOOP_SAMPLES; i++) {
		buffer.writeInt16LE(toInt16(at(audio.left, i)), 44 + i * 4);
		buffer.writeInt16LE(toInt16(at(audio.right, i)), 46 + i * 4);
	}
	return buffer;
}

function assertLameInstalled(): void {
	const probe = spawnSync("lame", ["--version"], { stdio: "ignore" });
	if (probe.error || probe.status !== 0) {
		throw new Error(
			"The `lame` MP3 encoder was not found on PATH. Install it with `apt-get install lame` " +
				"(Debian/Ubuntu) and run `npx tsx db/seed/generate-audio.ts` again.",
		);
	}
}

function main(): void {
	// Fail before spending time rendering if the encoder is missing.
	assertLameInstalled();

	const audio = render();
	normalise(audio, PEAK_DBFS);

	const workDir = mkdtempSync(join(tmpdir(), "forma-audio-"));
	try {
		const wavPath = join(workDir, "forma-loop.wav");
		writeFileSync(wavPath, encodeWav(audio));
		mkdirSync(dirname(OUTPUT), { recursive: true });
		// CBR keeps the size predictable; --resample pins 44.1 kHz because lame would
		// otherwise drop the rate at this bitrate; -q 2 is its high-quality search.
		const result = spawnSync(
			"lame",
			["--quiet", "-q", "2", "-b", String(MP3_KBPS), "--resample", "44.1", wavPath, OUTPUT],
			{ stdio: "inherit" },
		);
		if (result.status !== 0) {
			throw new Error(`lame failed with exit code ${result.status ?? "unknown"}`);
		}
	} finally {
		rmSync(workDir, { recursive: true, force: true });
	}

	const kilobytes = statSync(OUTPUT).size / 1024;
	console.log(
		`Wrote ${OUTPUT} (${LOOP_SECONDS.toFixed(2)} s, ${kilobytes.toFixed(0)} KB, ` +
			`${PROGRESSION.map((c) => c.name).join(" – ")})`,
	);
}

main();
