import { Hono, type MiddlewareHandler } from 'hono'
import { diskFullMessage, diskProblemOf, isClientGone } from '../failures.ts'
import { BodyTooLargeError, MalformedUploadError } from './storage-body.ts'
import { createBucketRoutes } from './storage-buckets.ts'
import { rawTarget, storageError, StorageFailure, type StorageDeps } from './storage-http.ts'
import { createListRoutes } from './storage-list.ts'
import { createObjectRoutes, ObjectFiles } from './storage-objects.ts'
import { InvalidKeyError, rawTargetLooksLikeTraversal } from './storage-path.ts'
import { createSignedRoutes } from './storage-signed.ts'

export type { StorageDeps } from './storage-http.ts'

/**
 * Supabase Storage at `/storage/v1`: buckets, objects (upload, update, download, info, list, move, copy,
 * remove), signed URLs and image transformation, as storage-js calls them. Rows of `storage.buckets` and
 * `storage.objects` are written through `withClaims` as the caller, so the project's storage policies
 * (editors only for `images`) decide, exactly as on hosted Supabase; the file under
 * `DATA_DIR/storage/<bucket>/<key>` is touched only once the row operation has succeeded.
 */

const TRAVERSAL_MESSAGE =
  'Invalid key: the path must not contain dot segments, encoded separators or backslashes'

/**
 * Middleware for the host app (mounted before routing): a storage URL whose `..` segments climb out of
 * `/storage/v1` is normalised by the URL parser into some other path and would never reach the storage
 * routes; answer it with the same 400 instead of letting it fall through to another handler.
 */
export const rejectStorageTraversal: MiddlewareHandler = async (c, next) => {
  const target = rawTarget(c)
  if (/^\/storage\//i.test(target) && rawTargetLooksLikeTraversal(target)) {
    return storageError(c, 400, 'InvalidKey', TRAVERSAL_MESSAGE)
  }
  await next()
}

export function createStorageApp(deps: StorageDeps): Hono {
  const { logger } = deps
  const files = new ObjectFiles(deps.dataDir)
  const app = new Hono()

  // The URL parser resolves `..` and `%2e%2e` before routing, so a traversal attempt may look like an
  // innocent key by now: judge the target exactly as the client sent it.
  app.use('*', async (c, next) => {
    if (rawTargetLooksLikeTraversal(rawTarget(c))) {
      return storageError(c, 400, 'InvalidKey', TRAVERSAL_MESSAGE)
    }
    await next()
  })

  app.route('/', createBucketRoutes(deps, files))
  app.route('/', createSignedRoutes(deps, files))
  app.route('/', createListRoutes(deps))
  app.route('/', createObjectRoutes(deps, files))

  app.all('*', (c) => storageError(c, 404, 'not_found', 'The requested storage route does not exist'))

  app.onError((err, c) => {
    if (err instanceof InvalidKeyError) return storageError(c, 400, 'InvalidKey', err.message)
    if (err instanceof BodyTooLargeError) return storageError(c, 413, 'Payload too large', err.message)
    if (err instanceof MalformedUploadError) return storageError(c, 400, 'InvalidRequest', err.message)
    if (err instanceof StorageFailure) return storageError(c, err.status, err.error, err.message)
    if (isClientGone(err, c)) {
      logger.info({ path: c.req.path }, 'client closed the connection mid-upload')
      return storageError(c, 400, 'InvalidRequest', 'The request was closed before it arrived')
    }
    if (diskProblemOf(err)) {
      logger.warn({ err, path: c.req.path }, 'Storage request failed: the data directory cannot be written')
      return storageError(c, 503, 'insufficient_storage', diskFullMessage)
    }
    logger.error({ err, path: c.req.path }, 'Storage request failed')
    return storageError(c, 500, 'internal', 'The storage request could not be completed')
  })

  return app
}
