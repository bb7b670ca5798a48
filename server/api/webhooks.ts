import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { brand } from '../../shared/config/brand.ts'
import { DataError } from '../../shared/data/results.ts'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  endpointOfDelivery,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  queueWebhookTest,
  resendWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from '../../shared/data/webhooks.ts'
import {
  webhookEndpointCap,
  webhookEndpointInputSchema,
  webhookEndpointPatchSchema,
  webhookIdSchema,
  type WebhookEndpoint,
} from '../../shared/schemas/webhooks.ts'
import type { ServerContext } from '../context.ts'
import { noStore, refuse, validBody } from '../http/pipeline.ts'
import { serviceClient } from '../supabase-clients.ts'
import { endpointUrlProblem, type WebhookAddressPolicy } from '../webhooks/address-policy.ts'
import { createWebhookOutbox, type WebhookOutbox } from '../webhooks/outbox.ts'
import { newWebhookSecret } from '../webhooks/signing.ts'
import { forAdminScreens, onlyFor, requireEditor, type Editor, type EditorEnv } from './editor-auth.ts'

/**
 * `/api/webhooks`: administrators add, change, pause, test and remove webhook endpoints and rotate their
 * secrets; editors and administrators read the endpoints and their delivery log. The admin screens (browser
 * and desktop) call these too.
 *
 * - `GET /` → `{endpoints}`; `POST /` `{url, events, format?, description?}` → the endpoint with its `secret`
 *   (only in this answer)
 * - `PATCH /{id}` (any field, `enabled`), `DELETE /{id}`
 * - `POST /{id}/test`: a `webhook.test` event to this endpoint alone
 * - `POST /{id}/rotate-secret` → the endpoint with its new `secret`; the previous one signs too for 24 hours
 * - `GET /{id}/deliveries` → `{deliveries}` (latest 50, each with its attempts)
 * - `POST /deliveries/{id}/resend`: the delivery again, with the same webhook-id
 *
 * Reads and changes run as the caller (row-level security checks the role again); what needs the service
 * role (a secret, a new delivery) goes through it after the role check here.
 */

/** A rotated secret keeps signing for this long, so receivers can switch over. */
export const secretOverlapSeconds = 24 * 60 * 60

const noEndpoint = 'No such webhook endpoint.'

/** Where this server lets webhooks go (hosted: https only; the development flag: http://127.0.0.1 too). */
export function webhookAddressPolicy(ctx: ServerContext): WebhookAddressPolicy {
  return { httpsOnly: !ctx.supabase.local, allowLoopback: ctx.env.WEBHOOK_ALLOW_LOOPBACK }
}

/** The webhook deliveries of this server: the queue `webhook` of the leased worker (started by `startServer`). */
export function createServerWebhookOutbox(ctx: ServerContext): WebhookOutbox {
  return createWebhookOutbox({
    client: () => serviceClient(ctx),
    mail: ctx.mail,
    publicUrl: () => ctx.publicUrl,
    logger: ctx.logger.child({ component: 'webhook-outbox' }),
    policy: webhookAddressPolicy(ctx),
    timeScale: ctx.env.WEBHOOK_TIME_SCALE,
    intervalMs: ctx.env.WEBHOOK_OUTBOX_INTERVAL_MS,
  })
}

export function createWebhookRoutes(ctx: ServerContext): Hono {
  const routes = new Hono()
  routes.use('*', noStore)

  const staff = requireEditor(ctx, { ...onlyFor('staff', 'see webhooks'), ...forAdminScreens })
  const administrator = requireEditor(ctx, {
    ...onlyFor('administrators', 'change webhooks'),
    ...forAdminScreens,
  })
  // An id that is not one names nothing: 404, as for an endpoint that does not exist.
  const endpointId: MiddlewareHandler = async (c, next) =>
    webhookIdSchema.safeParse(c.req.param('id')).success ? next() : refuse(c, 404, noEndpoint)
  const body = { maxBytes: 16 * 1024, tooLargeMessage: 'The request is too large.' }

  /** The URL refused with the reason for its field, or null when it may be used. */
  async function urlRefusal(c: Context, url: string): Promise<Response | null> {
    const problem = await endpointUrlProblem(url, webhookAddressPolicy(ctx))
    return problem ? refuse(c, 400, problem, 'message', { fieldErrors: { url: [problem] } }) : null
  }

  const kick = () => ctx.webhookOutbox?.worker.kick()

  routes.get('/', staff, async (c) =>
    c.json({ endpoints: await listWebhookEndpoints(c.get('editor').client) }),
  )

  routes.post('/', administrator, validBody(webhookEndpointInputSchema, body), async (c) => {
    const input = c.get('input')
    const refused = await urlRefusal(c, input.url)
    if (refused) return refused
    const secret = newWebhookSecret()
    try {
      const endpoint = await createWebhookEndpoint(
        serviceClient(ctx),
        input,
        secret,
        c.get('editor').userId,
        webhookEndpointCap,
      )
      ctx.logger.info({ endpoint: endpoint.id }, 'webhook endpoint added')
      return c.json({ ...endpoint, secret }, 201)
    } catch (err) {
      if (err instanceof DataError && err.code === 'webhook_endpoint_cap')
        return refuse(
          c,
          409,
          `At most ${webhookEndpointCap} webhook endpoints can be added. Remove one first.`,
        )
      throw err
    }
  })

  routes.patch('/:id', administrator, endpointId, validBody(webhookEndpointPatchSchema, body), async (c) => {
    const patch = c.get('input')
    if (patch.url !== undefined) {
      const refused = await urlRefusal(c, patch.url)
      if (refused) return refused
    }
    const endpoint = await updateWebhookEndpoint(c.get('editor').client, c.req.param('id'), patch)
    return endpoint ? c.json(endpoint) : refuse(c, 404, noEndpoint)
  })

  routes.delete('/:id', administrator, endpointId, async (c) => {
    const removed = await deleteWebhookEndpoint(c.get('editor').client, c.req.param('id'))
    return removed ? c.json({ deleted: true }) : refuse(c, 404, noEndpoint)
  })

  /** The endpoint as the caller sees it, or null (a missing one and one they may not see look the same). */
  const endpointFor = (c: Context<EditorEnv<Editor>>): Promise<WebhookEndpoint | null> =>
    getWebhookEndpoint(c.get('editor').client, c.req.param('id') ?? '')

  routes.post('/:id/test', administrator, endpointId, async (c) => {
    const endpoint = await endpointFor(c)
    if (!endpoint) return refuse(c, 404, noEndpoint)
    if (!endpoint.enabled) return refuse(c, 409, 'This endpoint is paused: enable it to send a test event.')
    const deliveryId = await queueWebhookTest(serviceClient(ctx), endpoint.id, {
      message: `A test event from ${brand.name}. Deliveries to this endpoint are set up correctly.`,
      endpointId: endpoint.id,
    })
    kick()
    return c.json({ deliveryId }, 202)
  })

  routes.post('/:id/rotate-secret', administrator, endpointId, async (c) => {
    const endpoint = await endpointFor(c)
    if (!endpoint) return refuse(c, 404, noEndpoint)
    const secret = newWebhookSecret()
    if (!(await rotateWebhookSecret(serviceClient(ctx), endpoint.id, secret, secretOverlapSeconds)))
      return refuse(c, 404, noEndpoint)
    ctx.logger.info({ endpoint: endpoint.id }, 'webhook secret rotated')
    return c.json({ ...endpoint, secret })
  })

  routes.get('/:id/deliveries', staff, endpointId, async (c) => {
    const editor = c.get('editor')
    if (!(await getWebhookEndpoint(editor.client, c.req.param('id')))) return refuse(c, 404, noEndpoint)
    return c.json({ deliveries: await listWebhookDeliveries(editor.client, c.req.param('id')) })
  })

  const noDelivery = 'No such delivery.'
  const deliveryId: MiddlewareHandler = async (c, next) =>
    webhookIdSchema.safeParse(c.req.param('id')).success ? next() : refuse(c, 404, noDelivery)
  routes.post('/deliveries/:id/resend', administrator, deliveryId, async (c) => {
    const id = c.req.param('id')
    if (!(await endpointOfDelivery(c.get('editor').client, id))) return refuse(c, 404, noDelivery)
    if (!(await resendWebhookDelivery(serviceClient(ctx), id))) return refuse(c, 404, noDelivery)
    kick()
    return c.json({ resent: true }, 202)
  })

  routes.all('*', (c) => refuse(c, 404, 'Not found'))
  return routes
}
