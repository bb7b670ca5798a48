import type { CompressedImage, Platform } from '@shared/platform.ts'
import type { DesktopApi } from '../../contract.ts'

/** The desktop `Platform`: sharp in main compresses (EXIF rotation, ≤ 1 MB, ≤ 1200 px); links open in the system browser. */
export function createDesktopPlatform(api: DesktopApi): Platform {
  return {
    kind: 'desktop',
    async compressImage(file, options): Promise<CompressedImage> {
      if (!(file instanceof Blob)) throw new Error('The file given is not an instance of Blob or File')
      if (!file.type.startsWith('image/')) throw new Error('The file given is not an image')
      const bytes = new Uint8Array(await file.arrayBuffer())
      const name = file instanceof File ? file.name : 'image'
      const input = { bytes, name, type: file.type }
      const out = await api.compressImage(input, options.onProgress)
      return {
        data: new Blob([out.bytes as Uint8Array<ArrayBuffer>], { type: out.contentType }),
        extension: out.extension,
        contentType: out.contentType,
        width: out.width,
        height: out.height,
      }
    },
    openExternal: (url) => api.openExternal(url),
  }
}
