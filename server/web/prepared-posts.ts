import {
  listPostsAwaitingPreparation,
  storePreparedPostHtml,
  type PostToPrepare,
} from '../../shared/data/published-blogs.ts'
import { sanitizeHtml, sanitizerVersion } from '../../shared/lib/sanitize-html.node.ts'
import type { ServerContext } from '../context.ts'
import { serviceClient } from '../supabase-clients.ts'

/**
 * Post bodies sanitised when a post is saved, not when a visitor first asks for it: sanitising (a DOM
 * parse in the sanitiser's thread) is the costliest part of a post page's first render. The server keeps
 * each public or scheduled post's body as the sanitiser left it in `blog_prepared_html`, beside the post
 * version and the sanitiser's version it was made under; a post page shows it only when both still match
 * (see `public_post_page`), and otherwise sanitises as before and stores the result.
 *
 * When: after a save through this server, when the public posts change (another instance, the hosted
 * database, a desktop sync: the page cache notices) and at startup, which also prepares every post again
 * after the sanitiser's rules changed. Only the server writes these bodies (the service role, through
 * `store_prepared_post_html`); several instances preparing the same post store the same HTML.
 */

/** Posts prepared per round: one read, then one transaction storing their bodies. */
const batchSize = 20

interface Preparer {
  running: Promise<void> | null
  again: boolean
}
const preparers = new WeakMap<ServerContext, Preparer>()

async function prepare(post: PostToPrepare): Promise<{
  post_id: string
  post_version: number
  sanitizer_version: string
  html: string
}> {
  return {
    post_id: post.id,
    post_version: post.version,
    sanitizer_version: sanitizerVersion,
    html: await sanitizeHtml(post.content ?? ''),
  }
}

/** Prepares every post awaiting it, a batch at a time, until none is left (or only ones that failed). */
async function prepareAwaiting(ctx: ServerContext): Promise<void> {
  const service = serviceClient(ctx)
  const tried = new Set<string>()
  for (;;) {
    const posts = await listPostsAwaitingPreparation(service, sanitizerVersion, batchSize)
    const fresh = posts.filter((post) => !tried.has(`${post.id}:${post.version}`))
    // Only posts this round could not prepare are left (their pages sanitise them when asked for).
    if (fresh.length === 0) return
    const prepared = []
    for (const post of fresh) {
      tried.add(`${post.id}:${post.version}`)
      try {
        prepared.push(await prepare(post))
      } catch (err) {
        ctx.logger.warn({ err, post: post.id }, 'preparing a post body failed; its page sanitises it instead')
      }
    }
    await storePreparedPostHtml(service, prepared)
  }
}

/** Prepares the posts that await it, in the background; a call while a round runs asks for one more. */
export function preparePostsSoon(ctx: ServerContext): void {
  let preparer = preparers.get(ctx)
  if (!preparer) {
    preparer = { running: null, again: false }
    preparers.set(ctx, preparer)
  }
  if (preparer.running) {
    preparer.again = true
    return
  }
  const state = preparer
  state.running = (async () => {
    do {
      state.again = false
      await prepareAwaiting(ctx)
    } while (state.again)
  })()
    .catch((err: unknown) => {
      ctx.logger.warn({ err }, 'preparing post bodies failed; pages sanitise them when asked for')
    })
    .finally(() => {
      state.running = null
    })
}

/** Resolves once no preparation round is running (the start's round done: the server is idle again). @internal */
export async function postsPrepared(ctx: ServerContext): Promise<void> {
  while (preparers.get(ctx)?.running) await preparers.get(ctx)?.running
}

/**
 * A post's body sanitised now, for a page whose post was not prepared for this version or these rules
 * (saved elsewhere a moment ago, or prepared under other rules); stored for the next page without making
 * this one wait.
 */
export async function sanitiseAndStore(ctx: ServerContext, post: PostToPrepare): Promise<string> {
  const prepared = await prepare(post)
  storePreparedPostHtml(serviceClient(ctx), [prepared]).catch((err: unknown) => {
    ctx.logger.warn({ err, post: post.id }, 'storing a prepared post body failed')
  })
  return prepared.html
}
