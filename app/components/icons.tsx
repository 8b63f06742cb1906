import type { SVGProps } from "react";

/** Small line icons (24×24, currentColor). Decorative by default: the control around them carries the name. */
export type IconProps = SVGProps<SVGSVGElement>;

export function Icon({ children, ...props }: IconProps) {
	return (
		<svg
			width="20"
			height="20"
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			strokeWidth="1.6"
			strokeLinecap="round"
			strokeLinejoin="round"
			aria-hidden="true"
			focusable="false"
			{...props}
		>
			{children}
		</svg>
	);
}

export const SunIcon = (props: IconProps) => (
	<Icon {...props}>
		<circle cx="12" cy="12" r="4" />
		<path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
	</Icon>
);
export const MoonIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11Z" />
	</Icon>
);
export const MenuIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M3 7h18M3 12h18M3 17h18" />
	</Icon>
);
export const CloseIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M6 6l12 12M18 6 6 18" />
	</Icon>
);
export const ArrowRightIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M4 12h16M14 6l6 6-6 6" />
	</Icon>
);
export const ArrowUpIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M12 20V4M6 10l6-6 6 6" />
	</Icon>
);
export const ArrowLeftIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M20 12H4M10 6l-6 6 6 6" />
	</Icon>
);
export const ExternalIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
	</Icon>
);
export const SearchIcon = (props: IconProps) => (
	<Icon {...props}>
		<circle cx="11" cy="11" r="6.5" />
		<path d="m16 16 4.5 4.5" />
	</Icon>
);

export const GlobeIcon = (props: IconProps) => (
	<Icon {...props}>
		<circle cx="12" cy="12" r="9" />
		<path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
	</Icon>
);
export const PlayIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M7 4.5v15l13-7.5-13-7.5Z" />
	</Icon>
);
export const PauseIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M8 5v14M16 5v14" />
	</Icon>
);
export const VolumeIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M4 9v6h4l5 4V5L8 9H4ZM16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />
	</Icon>
);
export const MutedIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M4 9v6h4l5 4V5L8 9H4ZM17 9l5 6M22 9l-5 6" />
	</Icon>
);
export const ChevronDownIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M6 9l6 6 6-6" />
	</Icon>
);
export const UserIcon = (props: IconProps) => (
	<Icon {...props}>
		<circle cx="12" cy="8" r="4" />
		<path d="M4 21a8 8 0 0 1 16 0" />
	</Icon>
);
export const HeartIcon = (props: IconProps) => (
	<Icon {...props}>
		<path d="M12 20s-7.5-4.6-9.2-9.3C1.6 7.3 3.8 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.4 0 5.6 3.3 4.4 6.7C19.5 15.4 12 20 12 20Z" />
	</Icon>
);
