import { Hono, type Context } from 'hono'
import { sanitizeHtml } from '../../shared/lib/sanitize-html.node.ts'
import { sendEmailSchema } from '../../shared/schemas/email.ts'
import type { ServerContext } from '../context.ts'
import { headerSafe, textFromHtml } from '../mail/templates.ts'
import { requireEditor, staffRoles, type Editor, type EditorEnv } from './editor-auth.ts'
import { clientAddress, rateLimit, refuse, validBody } from '../http/pipeline.ts'

/**
 * `POST /api/send-email` → `{ success }`. Staff only (a signed-in editor's bearer token): it sends the
 * caller's HTML to any address, so anything weaker would make it an open relay.
 */
export function createSendEmailRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()
  const shape = 'success-flag'

  const staff = requireEditor(ctx, {
    roles: staffRoles,
    signIn: 'Sign in as an editor to send email.',
    shape,
  })

  routes.post(
    '/',
    rateLimit(ctx, 'staffMailPerIp', clientAddress(ctx), shape),
    staff,
    rateLimit(ctx, 'staffMailPerEditor', (c: Context<EditorEnv<Editor>>) => c.get('editor').userId, shape),
    validBody(sendEmailSchema, { maxBytes: 256 * 1024, shape, tooLargeMessage: 'The message is too large.' }),
    async (c) => {
      const editor = c.get('editor')
      const input = c.get('input')
      const html = await sanitizeHtml(input.html)
      try {
        const { messageId } = await ctx.mail.send({
          to: input.to,
          subject: headerSafe(input.subject),
          html,
          text: textFromHtml(html),
        })
        ctx.logger.info({ editor: editor.email, messageId }, 'staff email sent')
        return c.json({ success: true, messageId })
      } catch (err) {
        ctx.logger.warn({ err }, 'staff email failed')
        return refuse(c, 502, 'The email could not be sent. Please try again later.', shape)
      }
    },
  )

  return routes
}
