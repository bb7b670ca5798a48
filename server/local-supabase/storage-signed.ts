import { Hono, type Context } from 'hono'
import { jwtVerify, SignJWT } from 'jose'
import { withClaims } from './database.ts'
import {
  bucketNotFound,
  findBucket,
  findObject,
  invalidBody,
  jsonObject,
  keyParam,
  objectNotFound,
  requireBucket,
  requireCaller,
  storageError,
  databaseRefusal,
  type BucketRow,
  type Caller,
  type StorageDeps,
} from './storage-http.ts'
import { objectAsCaller, sendObject, storeObject, type ObjectFiles } from './storage-objects.ts'
import { parseTransform, renderObject, transformQuery, type Transform } from './storage-render.ts'
import { validateObjectKey } from './storage-path.ts'

// A signed URL's token is a JWT of the project's secret whose `url` names one object; it carries no role,
// so it can never pass as an API key, and an API key (no `url`) never passes as a signed URL.
const UPLOAD_URL_SECONDS = 2 * 3600
const MAX_EXPIRY_SECONDS = 10 * 365 * 24 * 3600

interface SignedClaims {
  url: string
  transformations?: string
  owner?: string | null
  upsert?: boolean
}

type Env = { Variables: { caller: Caller; bucket: BucketRow } }

/** Signed URLs: create one or many, download through one, create one for an upload and upload through it. */
export function createSignedRoutes(deps: StorageDeps, files: ObjectFiles): Hono {
  const { db } = deps
  const secret = new TextEncoder().encode(deps.keys.jwtSecret)
  const caller = requireCaller(deps.keys)
  const bucket = requireBucket(db)
  const app = new Hono()

  const sign = (claims: SignedClaims, seconds: number) =>
    new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
      .sign(secret)

  /** The token's claims when it is valid and names this object; otherwise Storage's refusal. */
  async function verifySigned(c: Context, bucketId: string, key: string): Promise<SignedClaims | Response> {
    const token = c.req.query('token')
    if (!token)
      return storageError(c, 400, 'InvalidRequest', "querystring must have required property 'token'")
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp'] })
      if (typeof payload.url === 'string' && payload.url === `${bucketId}/${key}`)
        return payload as unknown as SignedClaims
    } catch (err) {
      const expired = (err as { code?: string }).code === 'ERR_JWT_EXPIRED'
      return storageError(
        c,
        400,
        'InvalidJWT',
        expired ? '"exp" claim timestamp check failed' : 'invalid signature',
      )
    }
    return storageError(c, 400, 'InvalidSignature', 'The url do not match the signature')
  }

  function expiresIn(body: Record<string, unknown>): number | null {
    const value = Number(body.expiresIn)
    return Number.isInteger(value) && value >= 1 && value <= MAX_EXPIRY_SECONDS ? value : null
  }

  app.post('/object/sign/:bucket/:key{.+}', caller, bucket, async (c) => {
    const body = await jsonObject(c)
    const seconds = body && expiresIn(body)
    if (!body || !seconds) return invalidBody(c, 'expiresIn must be a whole number of seconds')
    const key = keyParam(c)
    const { id } = c.get('bucket')
    let transform: Transform | null = null
    if (body.transform && typeof body.transform === 'object' && Object.keys(body.transform).length) {
      const parsed = parseTransform(c, body.transform as Record<string, string>)
      if (parsed instanceof Response) return parsed
      transform = parsed
    }
    if (!(await objectAsCaller(deps, c.get('caller'), id, key))) return objectNotFound(c)
    const token = await sign(
      { url: `${id}/${key}`, ...(transform ? { transformations: transformQuery(transform) } : {}) },
      seconds,
    )
    const route = transform ? 'render/image/sign' : 'object/sign'
    return c.json({ signedURL: `/${route}/${id}/${key}?token=${token}` })
  })

  app.post('/object/sign/:bucket', caller, bucket, async (c) => {
    const body = await jsonObject(c)
    const seconds = body && expiresIn(body)
    const paths = body?.paths
    if (
      !body ||
      !seconds ||
      !Array.isArray(paths) ||
      paths.length > 1000 ||
      !paths.every((p) => typeof p === 'string')
    )
      return invalidBody(c, 'The body must be {"expiresIn": seconds, "paths": ["path/to/file", ...]}')
    const { id } = c.get('bucket')
    const who = c.get('caller')
    const keys = (paths as string[]).map((p) => {
      try {
        return validateObjectKey(p)
      } catch {
        return null
      }
    })
    const { rows } = await withClaims(db, who.claims, who.role, (tx) =>
      tx.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
        [id, keys.filter((k): k is string => k !== null)],
      ),
    )
    const visible = new Set(rows.map((r) => r.name))
    const signed = await Promise.all(
      (paths as string[]).map(async (p, i) => {
        const key = keys[i]
        if (!key || !visible.has(key))
          return {
            error: 'Either the object does not exist or you do not have access to it',
            path: p,
            signedURL: null,
          }
        const token = await sign({ url: `${id}/${key}` }, seconds)
        return { error: null, path: p, signedURL: `/object/sign/${id}/${key}?token=${token}` }
      }),
    )
    return c.json(signed)
  })

  /** The object a signed URL names, read with the signer's grant (no key needed, as for any signed URL). */
  async function signedObject(c: Context, render: boolean) {
    const bucketId = c.req.param('bucket') ?? ''
    const key = keyParam(c)
    const claims = await verifySigned(c, bucketId, key)
    if (claims instanceof Response) return claims
    const row = await findObject(db, bucketId, key)
    if (!row) return objectNotFound(c)
    if (!render) return sendObject(c, files, row)
    const transform = parseTransform(c, Object.fromEntries(new URLSearchParams(claims.transformations ?? '')))
    return transform instanceof Response ? transform : renderObject(c, files, row, transform)
  }
  app.get('/object/sign/:bucket/:key{.+}', (c) => signedObject(c, false))
  app.get('/render/image/sign/:bucket/:key{.+}', (c) => signedObject(c, true))

  app.get('/render/image/authenticated/:bucket/:key{.+}', caller, bucket, async (c) => {
    const transform = parseTransform(c, c.req.query())
    if (transform instanceof Response) return transform
    const row = await objectAsCaller(deps, c.get('caller'), c.get('bucket').id, keyParam(c))
    return row ? renderObject(c, files, row, transform) : objectNotFound(c)
  })

  app.get('/render/image/public/:bucket/:key{.+}', async (c) => {
    const found = await findBucket(db, c.req.param('bucket'))
    if (!found?.public) return bucketNotFound(c)
    const transform = parseTransform(c, c.req.query())
    if (transform instanceof Response) return transform
    const row = await findObject(db, found.id, keyParam(c))
    return row ? renderObject(c, files, row, transform) : objectNotFound(c)
  })

  // An upload URL: the caller must be allowed to create the object now (tried, then rolled back); with
  // upsert, also to replace the object already there, as hosted Storage tries it (an upsert of the row).
  app.post('/object/upload/sign/:bucket/:key{.+}', caller, bucket, async (c: Context<Env>) => {
    const key = keyParam(c)
    const { id } = c.get('bucket')
    const who = c.get('caller')
    const owner = who.role === 'authenticated' ? (who.claims.sub ?? null) : null
    const upsert = c.req.header('x-upsert')?.toLowerCase() === 'true'
    try {
      await withClaims(db, who.claims, who.role, async (tx) => {
        await tx.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3::uuid, $3)
           ${upsert ? 'on conflict (bucket_id, name) do update set owner = coalesce(excluded.owner, storage.objects.owner), owner_id = coalesce(excluded.owner_id, storage.objects.owner_id)' : ''}`,
          [id, key, owner],
        )
        throw new TrialDone()
      })
    } catch (err) {
      if (!(err instanceof TrialDone)) {
        const refusal = databaseRefusal(err)
        if (refusal) return storageError(c, refusal.status, refusal.error, refusal.message)
        throw err
      }
    }
    const token = await sign({ url: `${id}/${key}`, owner, upsert }, UPLOAD_URL_SECONDS)
    return c.json({ url: `/object/upload/sign/${id}/${key}?token=${token}`, token })
  })

  app.put('/object/upload/sign/:bucket/:key{.+}', async (c) => {
    const found = await findBucket(db, c.req.param('bucket'))
    if (!found) return bucketNotFound(c)
    const key = keyParam(c)
    const claims = await verifySigned(c, found.id, key)
    if (claims instanceof Response) return claims
    const owner = typeof claims.owner === 'string' ? claims.owner : null
    // The signer was allowed to create this object; the upload is theirs, within the token's terms.
    return storeObject(deps, files, c, {
      caller: { role: 'service_role', claims: { role: 'service_role', ...(owner ? { sub: owner } : {}) } },
      bucket: found,
      key,
      mode: 'create',
      upsert: claims.upsert === true,
      owner,
    })
  })

  return app
}

/** Ends the trial insert of an upload URL: it only had to pass the policies. */
class TrialDone extends Error {}
