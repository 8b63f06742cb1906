/**
 * What an image upload may be, shared by the server (which enforces it) and the browser (the file inputs'
 * `accept` and the size check before uploading), so the two never disagree. Safe for the browser.
 */

/** One uploaded image at most (decision 0028). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** A stored raster image is re-encoded at lower quality until it is at most this (decision 0028). */
export const TARGET_IMAGE_BYTES = 2 * 1024 * 1024;
/** Longest side of a stored raster image (decision 0028). */
export const MAX_IMAGE_SIDE = 1200;
/**
 * Longest side of a stored hero slide: the slider fills the screen's width, and a 1200 px picture looks soft
 * on a 1440 px laptop at 2× (issue #35). Its JPEG still shrinks to TARGET_IMAGE_BYTES.
 */
export const MAX_SLIDE_SIDE = 2400;
/** Anything larger is a decompression bomb, not a photo: 40 megapixels is a 7300×5500 camera frame. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** A whole admin form with its images: a main image and several gallery images. */
export const MAX_UPLOAD_REQUEST_BYTES = 40 * 1024 * 1024;

/** The formats we store, as sharp names them; SVG is cleaned and kept as a drawing. */
export const RASTER_IMAGE_FORMATS = ["jpeg", "png", "webp", "gif"] as const;
/** The file inputs' `accept`: the same formats as media types. */
export const ACCEPTED_IMAGE_TYPES = [
	...RASTER_IMAGE_FORMATS.map((format) => `image/${format}`),
	"image/svg+xml",
].join(",");
