import { z } from 'zod'

/** Longest a share link for a preview may live (30 days), and what a link lives when the caller does not say. */
export const previewLinkMaxHours = 24 * 30
export const previewLinkDefaultHours = 72

/** `POST /api/preview-links`: the post to share and how long the link lives. */
export const previewLinkRequestSchema = z.object({
  postId: z.uuid('postId must be a post id.'),
  expiresInHours: z.number().int().min(1).max(previewLinkMaxHours).default(previewLinkDefaultHours),
})
export type PreviewLinkRequest = z.input<typeof previewLinkRequestSchema>

/** The answer: the link (absolute, on the site's public origin), its path, and when it stops working. */
export const previewLinkSchema = z.object({
  url: z.string(),
  path: z.string(),
  expiresAt: z.string(),
})
export type PreviewLink = z.infer<typeof previewLinkSchema>
