import { LRUCache } from 'lru-cache'
import { getPublishedPostsStamp } from '../../shared/data/blogs.ts'
import type { ServerContext } from '../context.ts'
import { encode, encodedBytes, encodedResponse, prepareCopy, type Encoded } from './encodings.ts'
import { preparePostsSoon } from './prepared-posts.ts'
import { etagMatches, siteBuildStamp } from './render.ts'
import { visitorClient } from '../supabase-clients.ts'

/**
 * Public pages rendered once per version of what they show. `/post/{slug}`, `/resources?…` and the read
 * endpoint's answers are kept in memory (with their gzip and brotli bytes), keyed by the page's address and
 * the stamp of what the public posts are (`published_posts_stamp()`: which posts are public at which
 * version) and of the site's build, and served from there without touching the database.
 *
 * Freshness: the stamp is asked again at most every `checkMs` (1 s) while pages are being asked for, and at
 * once after a write through this server (the embedded backend calls `noteWrite`), so a change made here
 * shows on the next request and one made elsewhere (another instance, the hosted database, a desktop sync,
 * a scheduled post coming due) within `checkMs` plus one query; after a quiet spell longer than `staleMs`
 * the first request waits for the stamp rather than being served an old one. Nothing here is shared between
 * instances or needed for correctness: each instance keeps its own copy of what the database says.
 *
 * Memory: at most `maxBytes` of bodies (least recently used dropped first); `maxBytes` 0 turns it off.
 */

interface PageCacheOptions {
  maxBytes: number
  checkMs?: number
  staleMs?: number
}

interface Entry extends Encoded {
  /** False for an answer that must not be kept (an error, `no-store`): it serves only the requests that waited for it. */
  keep: boolean
  status: number
  headers: Record<string, string>
  etag: string | null
}

/** Makes the page as a plain (unconditional) request would get it; null: it cannot be made (no build). */
type RenderPage = (request: Request) => Promise<Response | null>

interface PageCache {
  /**
   * The answer to `request` for the page `key`: from memory when the stamp is unchanged, else made by
   * `render` (once for requests arriving together) and kept when it may be (200 or 404, not `no-store`).
   * Conditional requests get 304; the body comes compressed when the client accepts it.
   */
  respond(request: Request, key: string, render: RenderPage): Promise<Response | null>
  /** Something was written through this server: ask for the stamp again before the next answer. */
  noteWrite(): void
  /** Bytes held now (bodies and their compressed copies). */
  readonly bytes: number
}

const cacheableStatuses = new Set([200, 404])

async function entryOf(response: Response): Promise<Entry> {
  const cacheControl = response.headers.get('Cache-Control') ?? ''
  const keep = cacheableStatuses.has(response.status) && !/no-store|private/.test(cacheControl)
  const identity = new Uint8Array(await response.arrayBuffer())
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'etag' && name !== 'content-length') headers[name] = value
  })
  return {
    keep,
    status: response.status,
    headers,
    etag: response.headers.get('ETag'),
    ...(keep
      ? encode(identity, response.headers.get('Content-Type') ?? '')
      : { identity, compressible: false }),
  }
}

async function answer(request: Request, entry: Entry): Promise<Response> {
  const headers = new Headers(entry.headers)
  if (entry.compressible) headers.set('Vary', 'Accept-Encoding')
  if (entry.etag && entry.status === 200 && etagMatches(request.headers.get('If-None-Match'), entry.etag)) {
    headers.set('ETag', entry.etag)
    headers.delete('Content-Type')
    return new Response(null, { status: 304, headers })
  }
  const response = await encodedResponse(request, entry, headers, entry.status)
  // A compressed copy is a different representation of the same page: a weak validator, as the app's
  // compression makes it (RFC 9110 8.8.1); either form revalidates to 304.
  if (entry.etag)
    response.headers.set('ETag', response.headers.has('Content-Encoding') ? `W/${entry.etag}` : entry.etag)
  return response
}

/** The same address without what makes a request conditional or compressed: how the cache asks for a page. */
function plainRequest(request: Request): Request {
  return new Request(request.url, { method: 'GET' })
}

function createPageCache(ctx: ServerContext, options: PageCacheOptions): PageCache {
  const checkMs = options.checkMs ?? 1000
  const staleMs = options.staleMs ?? 4000
  const entries = new LRUCache<string, Entry>({
    maxSize: Math.max(1, options.maxBytes),
    sizeCalculation: (e) => encodedBytes(e) + 512,
  })
  const making = new Map<string, Promise<Entry | null>>()

  // The stamp: its value, when it was asked for, and the write generation it saw.
  let stamp: string | null = null
  let postsStamp: string | null = null
  let stampAt = 0
  let stampGeneration = -1
  let generation = 0
  let asking: Promise<string | null> | null = null
  let failedAt = 0

  const askStamp = () => {
    if (asking) return asking
    const asked = generation
    const started = Date.now()
    asking = Promise.all([getPublishedPostsStamp(visitorClient(ctx)), siteBuildStamp(ctx)])
      .then(([posts, build]) => {
        // The public posts changed since the last look (here or elsewhere): prepare the bodies of those
        // saved since. (At startup the server prepares whatever awaits on its own.)
        if (postsStamp !== null && posts !== postsStamp) preparePostsSoon(ctx)
        postsStamp = posts
        stamp = build === null ? null : `${posts}|${build}`
        stampAt = started
        stampGeneration = asked
        failedAt = 0
        return stamp
      })
      .catch((err: unknown) => {
        // Without a stamp nothing can be known fresh: pages are made per request, and it is asked for again
        // after a pause (a database without the migration, or one that is down, is not asked twice per page).
        if (failedAt === 0)
          ctx.logger.warn({ err }, 'page cache: reading the posts stamp failed; rendering per request')
        failedAt = Date.now()
        stamp = null
        stampAt = 0
        return null
      })
      .finally(() => {
        asking = null
      })
    return asking
  }

  /** The stamp to serve under: the known one while fresh enough, else (or after a write) a new one. */
  const currentStamp = async (): Promise<string | null> => {
    const age = Date.now() - stampAt
    if (stamp !== null && stampGeneration === generation && age < staleMs) {
      if (age >= checkMs) void askStamp()
      return stamp
    }
    if (stamp === null && Date.now() - failedAt < staleMs) return null
    // A write may have started while the last question was under way: ask until one saw it.
    for (let i = 0; i < 3; i++) {
      const value = await askStamp()
      if (value === null || stampGeneration === generation) return value
    }
    return stamp
  }

  return {
    async respond(request, key, render) {
      if (options.maxBytes <= 0) return render(request)
      const current = await currentStamp()
      if (current === null) return render(request)
      const fullKey = `${key}\n${current}`
      let entry = entries.get(fullKey)
      if (!entry) {
        let made = making.get(fullKey)
        if (!made) {
          made = render(plainRequest(request))
            .then((response) => response && entryOf(response))
            .finally(() => making.delete(fullKey))
          making.set(fullKey, made)
        }
        const fresh = await made
        if (!fresh) return null
        if (fresh.keep) entries.set(fullKey, fresh)
        entry = fresh
      }
      // A copy in an encoding no one asked for before: count its bytes (setting the entry again sizes it).
      if ((await prepareCopy(request, entry)) && entry.keep && entries.get(fullKey) === entry)
        entries.set(fullKey, entry)
      return answer(request, entry)
    },
    noteWrite() {
      generation++
    },
    get bytes() {
      return entries.calculatedSize
    },
  }
}

const caches = new WeakMap<ServerContext, PageCache>()

/** The server's page cache (one per server; `PAGE_CACHE_MB` bounds it). */
export function pageCacheFor(ctx: ServerContext): PageCache {
  let cache = caches.get(ctx)
  if (!cache) {
    cache = createPageCache(ctx, { maxBytes: ctx.env.PAGE_CACHE_MB * 2 ** 20 })
    caches.set(ctx, cache)
  }
  return cache
}
