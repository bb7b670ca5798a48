import { previewLinkSchema, type PreviewLink, type PreviewLinkRequest } from '../schemas/preview-link.ts'
import { callSiteApi, type SiteApi } from './site-api.ts'

/**
 * A share link to a post's preview (`server/api/preview-links.ts`), asked as the signed-in editor: the
 * browser admin on its own origin, the desktop's main process on the connected site.
 */
export async function createPreviewLink(api: SiteApi, request: PreviewLinkRequest): Promise<PreviewLink> {
  const body = await callSiteApi(api, '/api/preview-links', { method: 'POST', body: JSON.stringify(request) })
  return previewLinkSchema.parse(body)
}
