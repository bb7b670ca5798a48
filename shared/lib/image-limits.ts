/**
 * The largest image, in pixels, that may be uploaded: one of 40 megapixels takes about 160 MB once decoded,
 * and every page that shows it (and every variant made of it) decodes it. Uploads within the byte limit can
 * still declare far more (a flat 50-megapixel PNG is 160 KB), so the size is read from the image's header.
 */
export const maxImageMegapixels = 40
export const maxImagePixels = maxImageMegapixels * 1_000_000

/** What a refused upload answers (the admin shows it after "Image upload failed:"). */
export const imageTooLargeMessage = `Images larger than ${maxImageMegapixels} megapixels are refused. Resize the image and try again.`
