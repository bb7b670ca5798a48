/**
 * The one platform boundary. Admin components get a `Platform` from React context and never ask
 * which platform they run on: the site implements it with browser APIs, the desktop preload with IPC.
 */
export interface CompressedImage {
  /** The compressed bytes, ready to upload. */
  data: Blob
  /** File extension without the dot, matching the output format (e.g. "jpg", "webp", "png"). */
  extension: string
  contentType: string
  width: number
  height: number
}

export interface Platform {
  readonly kind: 'web' | 'desktop'
  /** Compress an image for upload (≤ 1 MB, longest side 1200 px). `onProgress` gets 0–100. */
  compressImage(file: Blob, options: { onProgress?: (percent: number) => void }): Promise<CompressedImage>
  /** Open an http(s) link outside the app (a new tab on the web, the system browser on desktop). */
  openExternal(url: string): Promise<void>
}
