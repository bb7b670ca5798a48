import { useCallback, useState } from 'react'
import type { BlogImageFolder } from '../../data/blogs.ts'
import { editorImageTypes, imageExtension } from '../BlogEditorForm.utils.ts'
import { useAdminApi } from '../useAdminApi.ts'
import { usePlatform } from '../usePlatform.ts'

/** Share of the progress bar taken by compression; the upload fills the rest. */
const compressionShare = 80

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer())

/**
 * The one image pipeline of the editor, for covers and images in the body alike: the platform compresses
 * (the browser's compressor on the web, sharp in the desktop's main process) and the admin operations upload it to
 * `images/<folder>/` (the desktop queues the upload while offline and answers with the public URL at once).
 * GIFs keep their animation and icons their format: only photos and PNGs are recompressed in the body.
 */
export function useImageUpload() {
  const admin = useAdminApi()
  const platform = usePlatform()

  return useCallback(
    async (file: File, folder: BlogImageFolder, onProgress?: (percent: number) => void): Promise<string> => {
      const recompress = folder === 'blog-covers' || file.type === 'image/jpeg' || file.type === 'image/png'
      if (recompress) {
        const compressed = await platform.compressImage(file, {
          onProgress: (p) => onProgress?.((p * compressionShare) / 100),
        })
        const uploaded = await admin.uploadImage(
          {
            bytes: await bytesOf(compressed.data),
            extension: compressed.extension,
            contentType: compressed.contentType,
            width: compressed.width,
            height: compressed.height,
          },
          folder,
          (p) => onProgress?.(compressionShare + (p * (100 - compressionShare)) / 100),
        )
        return uploaded.url
      }
      if (!editorImageTypes.includes(file.type)) throw new Error('The file given is not an image')
      // Storage knows icons as image/x-icon only.
      const contentType = file.type === 'image/vnd.microsoft.icon' ? 'image/x-icon' : file.type
      const uploaded = await admin.uploadImage(
        {
          bytes: await bytesOf(file),
          extension: imageExtension(file.type, file.name),
          contentType,
          width: 0,
          height: 0,
        },
        folder,
        onProgress,
      )
      return uploaded.url
    },
    [admin, platform],
  )
}

export type CoverUpload = ReturnType<typeof useCoverUpload>

/** The cover: its upload's progress (null when idle) and the upload itself, reported in the status line. */
export function useCoverUpload(onUploaded: (url: string) => void, onStatus: (message: string) => void) {
  const upload = useImageUpload()
  const [progress, setProgress] = useState<number | null>(null)

  async function uploadCover(file: File) {
    setProgress(0)
    try {
      const url = await upload(file, 'blog-covers', setProgress)
      setProgress(100)
      onUploaded(url)
      onStatus('✅ Image uploaded successfully!')
    } catch (err) {
      onStatus(`❌ Image upload failed: ${err instanceof Error ? err.message : String(err)}`)
    } finally {
      setProgress(null)
    }
  }

  return { progress, uploadCover }
}
