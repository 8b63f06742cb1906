import { forwardRef, type ImgHTMLAttributes } from "react";
import { imageSrcSet, imageUrl, type StoredImage } from "~/lib/images";

interface ResponsiveImageProps
	extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "width" | "height"> {
	image: StoredImage;
	alt: string;
	/** The `sizes` attribute: how wide the image is drawn at each viewport width. */
	sizes: string;
	/** The page's main (LCP) image loads eagerly with high priority; every other image is lazy. */
	priority?: boolean;
}

/** A stored image with its WebP width variants, explicit dimensions (no layout shift) and lazy loading. */
export const ResponsiveImage = forwardRef<HTMLImageElement, ResponsiveImageProps>(function ResponsiveImage(
	{ image, alt, sizes, priority = false, ...props },
	ref,
) {
	return (
		<img
			ref={ref}
			src={imageUrl(image.key)}
			srcSet={imageSrcSet(image)}
			sizes={imageSrcSet(image) ? sizes : undefined}
			width={image.width ?? undefined}
			height={image.height ?? undefined}
			alt={alt}
			loading={priority ? "eager" : "lazy"}
			decoding={priority ? "sync" : "async"}
			// React 18 warns about the camelCase prop; the lowercase attribute is what browsers read.
			{...{ fetchpriority: priority ? "high" : undefined }}
			{...props}
		/>
	);
});
