import { extensionFor } from '@shared/lib/content-types.ts'
import type { CompressedImage, Platform } from '@shared/platform.ts'
import imageCompression from 'browser-image-compression'

/** Spec §9: at most 1 MB, longest side 1200 px. */
export const coverLimits = { maxSizeMB: 1, maxWidthOrHeight: 1200 } as const

async function dimensions(blob: Blob): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(blob)
  const size = { width: bitmap.width, height: bitmap.height }
  bitmap.close()
  return size
}

/**
 * Compresses in the page: `useWebWorker: false` because the worker would load the library from a CDN
 * (blocked offline and by our CSP); `initialQuality: 0.8` or it overshoots below 1200 px. A PNG (photo or
 * noise) can stay over 1 MB at any size, so it is retried as WebP, then JPEG.
 */
export async function compressImageInBrowser(
  file: Blob,
  onProgress?: (percent: number) => void,
): Promise<CompressedImage> {
  if (!(file instanceof Blob)) throw new Error('The file given is not an instance of Blob or File')
  if (!file.type.startsWith('image/')) throw new Error('The file given is not an image')
  const input = file instanceof File ? file : new File([file], 'image', { type: file.type })
  const attempts =
    input.type === 'image/png' ? [undefined, 'image/webp', 'image/jpeg'] : [undefined, 'image/jpeg']
  const limit = coverLimits.maxSizeMB * 1024 * 1024
  let result: File | null = null
  for (const [index, fileType] of attempts.entries()) {
    const share = 100 / attempts.length
    result = await imageCompression(input, {
      ...coverLimits,
      useWebWorker: false,
      initialQuality: 0.8,
      fileType,
      onProgress: (p) => onProgress?.(Math.min(99, index * share + (p * share) / 100)),
    })
    if (result.size <= limit) break
  }
  if (!result || result.size > limit) throw new Error('The image could not be compressed below 1 MB')
  onProgress?.(100)
  const contentType = result.type || input.type
  return {
    data: result,
    extension: extensionFor(contentType) ?? 'jpg',
    contentType,
    ...(await dimensions(result)),
  }
}

export const webPlatform = {
  kind: 'web',
  compressImage: (file, options) => compressImageInBrowser(file, options.onProgress),
  async openExternal(url) {
    if (!/^https?:\/\//i.test(url)) throw new Error('Only http and https links can be opened.')
    window.open(url, '_blank', 'noopener,noreferrer')
  },
} satisfies Platform
