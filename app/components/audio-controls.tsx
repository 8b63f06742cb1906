import { useEffect, useRef, useState } from "react";
import { useRootData } from "~/lib/root-data";
import { AUDIO_VOLUME, cx } from "~/lib/site";
import { useTranslation } from "~/lib/translations";
import { MutedIcon, PauseIcon, PlayIcon, VolumeIcon } from "./icons";

/** The header's music control: play/pause, mute, and bars that move while sound is playing. */
export function AudioControls() {
	const { t } = useTranslation();
	const { audioUrl } = useRootData();
	const audioRef = useRef<HTMLAudioElement | null>(null);
	const [playing, setPlaying] = useState(false);
	const [muted, setMuted] = useState(false);

	// One player at a time: when any other audio on the page starts, this one pauses and rewinds, and vice versa.
	useEffect(() => {
		const onPlay = (event: Event) => {
			const started = event.target;
			if (!(started instanceof HTMLMediaElement)) return;
			for (const element of document.querySelectorAll("audio")) {
				if (element !== started && !element.paused) {
					element.pause();
					element.currentTime = 0;
				}
			}
		};
		document.addEventListener("play", onPlay, true);
		return () => document.removeEventListener("play", onPlay, true);
	}, []);

	const toggle = async () => {
		const audio = audioRef.current;
		if (!audio) return;
		if (audio.paused) {
			try {
				await audio.play();
			} catch {
				setPlaying(false);
			}
		} else {
			audio.pause();
		}
	};

	const sounding = playing && !muted;
	return (
		<div className="flex items-center">
			<audio
				ref={(element) => {
					audioRef.current = element;
					// The element exists only after hydration, so its volume is set as it mounts.
					if (element) element.volume = AUDIO_VOLUME;
				}}
				src={audioUrl}
				loop
				preload="none"
				muted={muted}
				onPlay={() => setPlaying(true)}
				onPause={() => setPlaying(false)}
				onEnded={() => setPlaying(false)}
			/>
			<button
				type="button"
				className="icon-button"
				onClick={toggle}
				aria-label={t(playing ? "audio.pause" : "audio.play")}
				aria-pressed={playing}
				data-testid="audio-toggle"
			>
				{playing ? <PauseIcon width={18} height={18} /> : <PlayIcon width={18} height={18} />}
			</button>
			<span
				className={cx("audio-bars", sounding && "is-playing")}
				role="img"
				aria-label={sounding ? t("audio.playing") : undefined}
				aria-hidden={sounding ? undefined : true}
			>
				<span />
				<span />
				<span />
				<span />
			</span>
			<button
				type="button"
				className="icon-button"
				onClick={() => setMuted((value) => !value)}
				aria-label={t(muted ? "audio.unmute" : "audio.mute")}
				aria-pressed={muted}
			>
				{muted ? <MutedIcon width={18} height={18} /> : <VolumeIcon width={18} height={18} />}
			</button>
		</div>
	);
}
