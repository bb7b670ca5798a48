import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { getPostBySlug } from '../../shared/data/blogs.ts'
import {
  countNewsletterRecipients,
  getNewsletterSend,
  listNewsletterSends,
  startNewsletterSend,
} from '../../shared/data/newsletter-sends.ts'
import { statusAt, type BlogRow } from '../../shared/schemas/blog.ts'
import {
  newsletterSendRequestSchema,
  type NewsletterSendResult,
} from '../../shared/schemas/newsletter-send.ts'
import { longDateTime } from '../../shared/lib/dates.ts'
import type { ServerContext } from '../context.ts'
import { newsletterMail, unsubscribeUrlFor } from '../mail/newsletter-mail.ts'
import { renderNewsletterPost } from '../mail/newsletter-post.ts'
import { renderNewsletterIssue } from '../mail/templates.ts'
import { serviceClient } from '../supabase-clients.ts'
import { onlyFor, requireEditor, serviceRoleKey, type Editor, type EditorEnv } from './editor-auth.ts'
import { noStore, rateLimit, refuse, validBody } from '../http/pipeline.ts'

/**
 * Sending a published post to the newsletter (editors and administrators):
 *
 * - `POST /api/newsletter/send {slug}`: queues the post for every confirmed subscriber, once per post (a
 *   second call queues nothing and answers with the first send). 202 when this call started it, 200 after.
 * - `POST /api/newsletter/test {slug}`: the same mail to the caller's own address, now.
 * - `GET /api/newsletter/status?slug=`: the number of recipients and the post's send, if any.
 * - `GET /api/newsletter/sends`: the latest sends with their progress.
 */

/** Why a post cannot go out now, or null when it is public. */
function notPublishedReason(post: BlogRow): string | null {
  const status = statusAt(post)
  if (status === 'published') return null
  if (status === 'scheduled' && post.publish_at)
    return `“${post.slug}” is scheduled for ${longDateTime(post.publish_at, 'UTC')}: send it once it is published.`
  return `“${post.slug}” is a draft: publish it before sending it as a newsletter.`
}

const noPost = (slug: string) => `There is no post with the slug “${slug}”.`

export function createNewsletterSendRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()
  routes.use('*', noStore)
  // Editors and administrators by their token, or the server's service-role key (scripts). Contributors are
  // people of the admin too: they are refused (403), anyone else is not signed in (401).
  const sender = requireEditor(ctx, { ...onlyFor('staff', 'send newsletters'), secret: serviceRoleKey })

  const request = validBody(newsletterSendRequestSchema, { maxBytes: 4 * 1024 })

  routes.post('/send', sender, request, async (c) => {
    const editor = c.get('editor')
    const input = c.get('input')

    const client = serviceClient(ctx)
    const post = await getPostBySlug(client, input.slug)
    if (!post) return refuse(c, 404, noPost(input.slug))
    const reason = notPublishedReason(post)
    if (reason) return refuse(c, 409, reason)

    const earlier = await getNewsletterSend(client, { postId: post.id })
    if (earlier) return c.json({ created: false, send: earlier } satisfies NewsletterSendResult, 200)
    if ((await countNewsletterRecipients(client)) === 0)
      return refuse(
        c,
        409,
        'Nobody has confirmed a subscription yet, so there is no one to send this post to.',
      )

    const issue = renderNewsletterPost(post, ctx.publicUrl)
    const { sendId, created } = await startNewsletterSend(client, {
      postId: post.id,
      slug: post.slug,
      ...issue,
      createdBy: editor?.userId ?? null,
      createdByEmail: editor?.email ?? null,
    })
    const send = await getNewsletterSend(client, { id: sendId })
    if (!send) return refuse(c, 502, 'The send was started but could not be read back. Reload to see it.')
    if (created) {
      ctx.logger.info(
        { sendId, slug: post.slug, recipients: send.recipientCount, by: editor ? 'editor' : 'service' },
        'newsletter send started',
      )
      ctx.newsletterOutbox?.kick()
    }
    return c.json({ created, send } satisfies NewsletterSendResult, created ? 202 : 200)
  })

  // A test goes to the caller's own address: the service-role key has none.
  const signedIn: MiddlewareHandler<EditorEnv<Editor | null>> = async (c, next) =>
    c.get('editor') ? next() : refuse(c, 400, 'A test goes to a signed-in editor: sign in first.')
  const testsPerEditor = rateLimit(
    ctx,
    'staffMailPerEditor',
    (c: Context<EditorEnv<Editor>>) => c.get('editor').userId,
  )

  routes.post('/test', sender, signedIn, testsPerEditor, request, async (c) => {
    const editor = c.get('editor')!
    const input = c.get('input')

    const post = await getPostBySlug(serviceClient(ctx), input.slug)
    if (!post) return refuse(c, 404, noPost(input.slug))
    // A test shows the mail as readers will get it; its unsubscribe link belongs to nobody.
    const unsubscribeUrl = unsubscribeUrlFor(ctx.publicUrl, 'test-message-no-subscription')
    const issue = renderNewsletterPost(post, ctx.publicUrl)
    const mail = renderNewsletterIssue({ ...issue, subject: `[Test] ${issue.subject}` }, unsubscribeUrl)
    try {
      await ctx.mail.send(newsletterMail(editor.email, mail, unsubscribeUrl))
    } catch (err) {
      ctx.logger.warn({ err }, 'newsletter test not sent')
      return refuse(c, 502, 'The test could not be sent: the mail server did not accept it. Try again later.')
    }
    return c.json({ sent: true, to: editor.email })
  })

  routes.get('/status', sender, async (c) => {
    const parsed = newsletterSendRequestSchema.safeParse({ slug: c.req.query('slug') ?? '' })
    if (!parsed.success) return refuse(c, 400, parsed.error.issues[0].message)
    const client = serviceClient(ctx)
    const post = await getPostBySlug(client, parsed.data.slug)
    if (!post) return refuse(c, 404, noPost(parsed.data.slug))
    const [recipientCount, send] = await Promise.all([
      countNewsletterRecipients(client),
      getNewsletterSend(client, { postId: post.id }),
    ])
    return c.json({ recipientCount, send })
  })

  routes.get('/sends', sender, async (c) => {
    return c.json({ sends: await listNewsletterSends(serviceClient(ctx)) })
  })

  return routes
}
