import { Hono, type MiddlewareHandler } from 'hono'
import { getPostById } from '../../shared/data/blogs.ts'
import { previewLinkRequestSchema, type PreviewLink } from '../../shared/schemas/preview-link.ts'
import type { ServerContext } from '../context.ts'
import { serviceClient } from '../supabase-clients.ts'
import { previewSecret, signPreviewToken } from '../web/preview-tokens.ts'
import { requireEditor, staffRoles } from './editor-auth.ts'
import { noStore, refuse, validBody } from '../http/pipeline.ts'

/** `POST /api/preview-links`: an editor asks for a share link to one post's preview. */
export function createPreviewLinkRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()
  routes.use('*', noStore)
  const shape = 'success-flag'
  const staff = requireEditor(ctx, {
    roles: staffRoles,
    signIn: 'Sign in as an editor to share a preview.',
    shape,
  })
  const configured: MiddlewareHandler = async (c, next) =>
    previewSecret(ctx)
      ? next()
      : refuse(c, 503, 'Preview links are not set up on this server: set PREVIEW_SECRET.', shape)
  const request = validBody(previewLinkRequestSchema, { maxBytes: 4 * 1024, shape })

  routes.post('/', staff, configured, request, async (c) => {
    const editor = c.get('editor')
    const input = c.get('input')
    const secret = previewSecret(ctx)!

    const post = await getPostById(serviceClient(ctx), input.postId)
    if (!post) return refuse(c, 404, 'There is no post with this id.', shape)

    const expiresAt = new Date(Date.now() + input.expiresInHours * 3_600_000)
    const path = `/preview/${signPreviewToken(secret, post.id, expiresAt)}`
    const link: PreviewLink = {
      url: `${ctx.publicUrl.replace(/\/+$/, '')}${path}`,
      path,
      expiresAt: new Date(Math.floor(expiresAt.getTime() / 1000) * 1000).toISOString(),
    }
    ctx.logger.info(
      { postId: post.id, editor: editor.email, expiresAt: link.expiresAt },
      'preview link created',
    )
    return c.json(link, 201)
  })
  return routes
}
