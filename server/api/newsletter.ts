import { Hono } from 'hono'
import { brand } from '../../shared/config/brand.ts'
import { addNewsletterSubscriber, markNewsletterConfirmationSent } from '../../shared/data/newsletter.ts'
import { newsletterSubscriptionSchema } from '../../shared/schemas/newsletter.ts'
import type { ServerContext } from '../context.ts'
import { escapeHtml } from '../mail/templates.ts'
import { serviceClient } from '../supabase-clients.ts'
import { clientIp, limitReached, parseInput, refuse } from './pipeline.ts'

export const newsletterBodyLimitBytes = 16 * 1024
/** The same answer for a new and an existing subscription, so the endpoint does not reveal who is subscribed. */
export const subscribedMessage = 'Thanks for subscribing! Check your inbox for a confirmation email.'

export function renderNewsletterConfirmation(publicUrl: string): {
  subject: string
  html: string
  text: string
} {
  const resources = `${publicUrl.replace(/\/+$/, '')}/resources`
  const subject = `You're subscribed to ${brand.name} insights`
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f1f5f9;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px;font-size:15px;line-height:1.6">
<p style="margin:0 0 16px;font-size:20px;font-weight:700">${escapeHtml(brand.name)}</p>
<p style="margin:0 0 16px">Thanks for subscribing! We'll send you our latest insights on building, running and owning a tech team in India.</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(resources)}" style="color:#4f46e5">Read our latest resources</a></p>
<p style="margin:0;color:#64748b;font-size:13px">You received this because this address was entered in the "Stay Updated" form on our site. If that wasn't you, ignore this email.</p>
</div></body></html>`
  const text = [
    `Thanks for subscribing to ${brand.name}!`,
    '',
    "We'll send you our latest insights on building, running and owning a tech team in India.",
    `Read our latest resources: ${resources}`,
    '',
    `You received this because this address was entered in the "Stay Updated" form on our site. If that wasn't you, ignore this email.`,
  ].join('\n')
  return { subject, html, text }
}

/** `POST /api/newsletter {email}`: store the subscriber (service role, once per address), send a confirmation. */
export function createNewsletterRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()

  routes.post('/', async (c) => {
    const limited = await limitReached(ctx, c, 'newsletterPerIp', clientIp(c, ctx.env.TRUST_PROXY))
    if (limited) return limited
    const input = await parseInput(c, newsletterSubscriptionSchema, { maxBytes: newsletterBodyLimitBytes })
    if (input instanceof Response) return input

    const client = serviceClient(ctx)
    let subscriber
    try {
      ;({ subscriber } = await addNewsletterSubscriber(client, input.email))
    } catch (err) {
      ctx.logger.error({ err }, 'storing a newsletter subscriber failed')
      return refuse(c, 502, 'We could not save your subscription. Please try again later.')
    }

    // One confirmation per address: a repeated subscription must not turn the form into a mail cannon.
    if (subscriber.confirmation_sent_at === null) {
      try {
        await ctx.mail.send({ to: subscriber.email, ...renderNewsletterConfirmation(ctx.publicUrl) })
        await markNewsletterConfirmationSent(client, subscriber.id)
      } catch (err) {
        // The subscription is stored; only the welcome mail is missing. Say so in the log, not to the visitor.
        ctx.logger.warn({ err, subscriber: subscriber.id }, 'newsletter confirmation email not sent')
      }
    }
    return c.json({ subscribed: true, message: subscribedMessage })
  })
  return routes
}
