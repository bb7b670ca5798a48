import { createHash, randomBytes } from 'node:crypto'
import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import {
  addNewsletterSubscriber,
  claimNewsletterConfirmation,
  confirmNewsletterSubscription,
  isNewsletterRecipient,
  recordNewsletterConfirmationLink,
  unsubscribeFromNewsletter,
} from '../../shared/data/newsletter.ts'
import {
  invalidNewsletterLinkMessage,
  newsletterSubscriptionSchema,
  newsletterTokenSchema,
} from '../../shared/schemas/newsletter.ts'
import type { ServerContext } from '../context.ts'
import type { RenderedMail } from '../mail/templates.ts'
import { renderNewsletterConfirmation } from '../mail/templates.ts'
import { newsletterMail, unsubscribeUrlFor } from '../mail/newsletter-mail.ts'
import { serviceClient } from '../supabase-clients.ts'
import { newsletterPage } from './newsletter-pages.ts'
import { clientAddress, rateLimit, refuse, validBody } from '../http/pipeline.ts'

export const newsletterBodyLimitBytes = 16 * 1024
/** How long a confirmation link works. */
export const confirmLinkLifetimeMs = 7 * 24 * 60 * 60_000
/** A second subscription of an unconfirmed address sends a new link only after this long. */
export const confirmationResendAfterSeconds = 10 * 60

/**
 * The same answer for a new, a pending and a confirmed address, so the endpoint does not reveal who is
 * subscribed; nothing counts until the link in the email is clicked.
 */
export const subscribedMessage =
  'Thanks! Check your inbox and click the link in our email to confirm your subscription.'

const newToken = () => randomBytes(32).toString('base64url')
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The confirmation and unsubscribe links of one subscriber. */
export function newsletterLinks(publicUrl: string, tokens: { confirm?: string; unsubscribe: string }) {
  const base = `${publicUrl.replace(/\/+$/, '')}/api/newsletter`
  return {
    confirmUrl: tokens.confirm ? `${base}/confirm?token=${encodeURIComponent(tokens.confirm)}` : '',
    unsubscribeUrl: unsubscribeUrlFor(publicUrl, tokens.unsubscribe),
  }
}

/**
 * Every newsletter mail goes through here: it carries the unsubscribe link in its body (the template's
 * footer) and `List-Unsubscribe` / `List-Unsubscribe-Post` headers (RFC 2369, RFC 8058 one-click).
 */
export function sendNewsletterMail(
  ctx: ServerContext,
  to: string,
  mail: RenderedMail,
  unsubscribeUrl: string,
) {
  return ctx.mail.send(newsletterMail(to, mail, unsubscribeUrl))
}

/**
 * `POST /api/newsletter {email}`: store the address (unconfirmed) and mail it a confirmation link (double
 * opt-in). `GET|POST /api/newsletter/confirm` and `/unsubscribe` are the links' pages.
 */
export function createNewsletterRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()
  const page = (
    c: Context,
    status: ContentfulStatusCode,
    content: Omit<Parameters<typeof newsletterPage>[0], 'publicUrl'>,
  ) => {
    c.header('Cache-Control', 'no-store')
    return c.html(newsletterPage({ ...content, publicUrl: ctx.publicUrl }), status)
  }
  const invalidLink = (c: Context) =>
    page(c, 400, {
      title: 'This link does not work',
      message: `${invalidNewsletterLinkMessage} Subscribe again to get a new one.`,
    })

  const perAddress = rateLimit(ctx, 'newsletterPerIp', clientAddress(ctx))
  const subscription = validBody(newsletterSubscriptionSchema, { maxBytes: newsletterBodyLimitBytes })

  routes.post('/', perAddress, subscription, async (c) => {
    const input = c.get('input')

    const client = serviceClient(ctx)
    let subscriber
    try {
      ;({ subscriber } = await addNewsletterSubscriber(client, input.email, newToken()))
    } catch (err) {
      ctx.logger.error({ err }, 'storing a newsletter subscriber failed')
      return refuse(c, 502, 'We could not save your subscription. Please try again later.')
    }

    // Confirmed readers get nothing more; a pending address gets a new link now and then (the gap is claimed
    // in the database, so of concurrent sign-ups only one sends), within the per-recipient and hourly caps.
    if (!isNewsletterRecipient(subscriber)) {
      try {
        if (
          (await claimNewsletterConfirmation(client, subscriber.id, confirmationResendAfterSeconds)) &&
          (await ctx.confirmationGate(subscriber.email))
        ) {
          const confirm = newToken()
          await recordNewsletterConfirmationLink(client, subscriber.id, hashToken(confirm))
          const links = newsletterLinks(ctx.publicUrl, {
            confirm,
            unsubscribe: subscriber.unsubscribe_token!,
          })
          await sendNewsletterMail(
            ctx,
            subscriber.email,
            renderNewsletterConfirmation(links),
            links.unsubscribeUrl,
          )
        }
      } catch (err) {
        // The address is stored; only the link is missing (a later subscription sends one).
        ctx.logger.warn({ err, subscriber: subscriber.id }, 'newsletter confirmation email not sent')
      }
    }
    return c.json({ subscribed: true, message: subscribedMessage })
  })

  routes.get('/confirm', (c) => {
    const input = newsletterTokenSchema.safeParse({ token: c.req.query('token') ?? '' })
    if (!input.success) return invalidLink(c)
    return page(c, 200, {
      title: 'Confirm your subscription',
      message: `One click and you will get our latest insights on building, running and owning a tech team in India.`,
      action: { url: '/api/newsletter/confirm', token: input.data.token, label: 'Confirm my subscription' },
    })
  })

  routes.post('/confirm', validBody(newsletterTokenSchema, { maxBytes: 4 * 1024 }), async (c) => {
    const input = c.get('input')
    try {
      const confirmed = await confirmNewsletterSubscription(
        serviceClient(ctx),
        hashToken(input.token),
        new Date(Date.now() - confirmLinkLifetimeMs),
      )
      if (!confirmed) return invalidLink(c)
      ctx.logger.info({ subscriber: confirmed.id }, 'newsletter subscription confirmed')
      return page(c, 200, {
        title: 'You are subscribed',
        message: 'Thanks for confirming. Every email we send has a link to unsubscribe.',
      })
    } catch (err) {
      ctx.logger.error({ err }, 'confirming a newsletter subscription failed')
      return refuse(c, 502, 'We could not confirm your subscription right now. Please try again later.')
    }
  })

  routes.get('/unsubscribe', (c) => {
    const input = newsletterTokenSchema.safeParse({ token: c.req.query('token') ?? '' })
    if (!input.success) return invalidLink(c)
    return page(c, 200, {
      title: 'Unsubscribe',
      message: 'You will not get our newsletter any more.',
      action: {
        url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(input.data.token)}`,
        token: input.data.token,
        label: 'Unsubscribe',
      },
    })
  })

  // The page's button, and mail clients' one-click unsubscribe (RFC 8058: a POST to the List-Unsubscribe
  // URL, token in its query, body `List-Unsubscribe=One-Click`).
  const unsubscription = validBody(newsletterTokenSchema, {
    maxBytes: 4 * 1024,
    pick: (fields, c) => ({ token: fields.token ?? c.req.query('token') ?? '' }),
  })
  routes.post('/unsubscribe', unsubscription, async (c) => {
    const input = c.get('input')
    try {
      const gone = await unsubscribeFromNewsletter(serviceClient(ctx), input.token)
      if (!gone) return invalidLink(c)
      ctx.logger.info({ subscriber: gone.id }, 'newsletter unsubscribed')
      return page(c, 200, {
        title: 'You are unsubscribed',
        message:
          'You will not get our newsletter any more. Subscribe again on our resources page at any time.',
      })
    } catch (err) {
      ctx.logger.error({ err }, 'unsubscribing from the newsletter failed')
      return refuse(c, 502, 'We could not unsubscribe you right now. Please try again later.')
    }
  })

  return routes
}
