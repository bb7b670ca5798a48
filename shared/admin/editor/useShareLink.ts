import { useState } from 'react'
import type { PreviewLink } from '../../schemas/preview-link.ts'
import { useAdminApi } from '../useAdminApi.ts'

/** "Share link": asks the server for a signed preview link to the open post. */
export function useShareLink(postId: string | null, onStatus: (message: string) => void) {
  const admin = useAdminApi()
  const [link, setLink] = useState<PreviewLink | null>(null)
  const [sharing, setSharing] = useState(false)

  async function share() {
    if (!postId || sharing) return
    setSharing(true)
    try {
      setLink(await admin.createPreviewLink({ postId }))
    } catch (err) {
      onStatus(`❌ Something went wrong: ${err instanceof Error ? err.message : String(err)}`)
    } finally {
      setSharing(false)
    }
  }

  return { link, sharing, share, close: () => setLink(null) }
}
