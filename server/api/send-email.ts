import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import { sanitizeHtml } from '../../shared/lib/sanitize-html.node.ts'
import type { ServerContext } from '../context.ts'
import { headerSafe, textFromHtml } from '../mail/templates.ts'
import { bearerToken, editorOfRequest } from './editor-auth.ts'
import { clientIp } from './leads.ts'
import { createRateLimiter, tooManyRequestsMessage } from './rate-limit.ts'

/** Spec §7 "Email message": to, subject, html. */
export const sendEmailSchema = z.object({
  to: z.string().trim().max(254).pipe(z.email('Please enter a valid email address.')),
  subject: z
    .string()
    .trim()
    .min(1, 'Please enter a subject.')
    .max(200, 'Subject must be at most 200 characters.'),
  html: z
    .string()
    .min(1, 'Please enter a message.')
    .max(100_000, 'Message must be at most 100,000 characters.'),
})

/** Messages one editor may send per minute through the staff endpoint. */
const perEditorPerMinute = 20

/**
 * `POST /api/send-email` → `{ success }`. Staff only (a signed-in editor's bearer token): it sends the
 * caller's HTML to any address, so anything weaker would make it an open relay.
 */
export function createSendEmailRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()
  const perEditor = createRateLimiter({ limit: perEditorPerMinute, windowMs: 60_000 })
  const perIp = createRateLimiter({ limit: perEditorPerMinute * 3, windowMs: 60_000 })

  routes.post(
    '/',
    bodyLimit({
      maxSize: 256 * 1024,
      onError: (c) => c.json({ success: false, message: 'The message is too large.' }, 413),
    }),
    async (c) => {
      if (!perIp.take(clientIp(c, ctx.env.TRUST_PROXY)).ok)
        return c.json({ success: false, message: tooManyRequestsMessage }, 429)

      const token = bearerToken(c.req.header('Authorization'))
      const editor = await editorOfRequest(ctx, c, token)
      if (editor instanceof Response) return editor
      if (!editor) return c.json({ success: false, message: 'Sign in as an editor to send email.' }, 401)
      if (!perEditor.take(editor.userId).ok)
        return c.json({ success: false, message: tooManyRequestsMessage }, 429)

      let body: unknown
      try {
        body = await c.req.json()
      } catch {
        return c.json({ success: false, message: 'The request body must be JSON.' }, 400)
      }
      const parsed = sendEmailSchema.safeParse(body)
      if (!parsed.success) return c.json({ success: false, message: parsed.error.issues[0].message }, 400)

      const html = await sanitizeHtml(parsed.data.html)
      try {
        const { messageId } = await ctx.mail.send({
          to: parsed.data.to,
          subject: headerSafe(parsed.data.subject),
          html,
          text: textFromHtml(html),
        })
        ctx.logger.info({ editor: editor.email, messageId }, 'staff email sent')
        return c.json({ success: true, messageId })
      } catch (err) {
        ctx.logger.warn({ err }, 'staff email failed')
        return c.json(
          { success: false, message: 'The email could not be sent. Please try again later.' },
          502,
        )
      }
    },
  )

  return routes
}
