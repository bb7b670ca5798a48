import path from 'node:path'

/**
 * Object keys and the files they map to. Every way of naming a file outside a bucket's folder must be
 * refused here, before any database row or file is touched: `..` (plain, percent-encoded, double-encoded),
 * absolute paths, backslashes, NUL and other control characters, empty segments.
 */

export class InvalidKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid key: ${key}`)
    this.name = 'InvalidKeyError'
  }
}

/** Hosted Supabase Storage's own key alphabet (storage-api `isValidKey`); notably no `%` and no `\`. */
const VALID_KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/
const VALID_BUCKET = /^[a-z0-9][a-z0-9_.-]{0,62}$/
const MAX_KEY_LENGTH = 1024

/** Percent-encoded `.`, `/`, `\` or NUL in any case: a dot segment in disguise. */
const ENCODED_DANGER = /%(2e|2f|5c|00|25)/i

/**
 * Whether a raw request target (as the client sent it, before URL normalisation) tries to leave its
 * folder. The URL parser silently resolves `/../` and `/%2e%2e/`, so the object key the router sees may
 * look harmless while the client clearly asked for traversal: refuse those requests instead of guessing.
 */
export function rawTargetLooksLikeTraversal(rawTarget: string): boolean {
  const rawPath = rawTarget.split(/[?#]/, 1)[0]!
  if (rawPath.includes('\\') || rawPath.includes('\0')) return true
  // `.`, `/` and `\` never need encoding in a key, and `%` is not in the key alphabet, so any encoded
  // form of them (including double encoding via %25) is an attempt to smuggle a separator or dot segment.
  if (ENCODED_DANGER.test(rawPath)) return true
  return rawPath.split('/').some((segment) => segment === '.' || segment === '..')
}

/** Checks a bucket id from a URL or request body. */
export function isValidBucketName(bucket: string): boolean {
  return VALID_BUCKET.test(bucket)
}

/**
 * Validates an object key (already percent-decoded once, as it arrives in a URL path or a JSON body) and
 * returns it unchanged. Throws InvalidKeyError for anything that could name a file outside the bucket.
 */
export function validateObjectKey(key: string): string {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) throw new InvalidKeyError(key)
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) throw new InvalidKeyError(key)
  if (!VALID_KEY.test(key)) throw new InvalidKeyError(key)
  if (key.startsWith('/') || key.endsWith('/')) throw new InvalidKeyError(key)
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw new InvalidKeyError(key)
    // A trailing space or dot makes distinct keys collide on some filesystems; a leading space is just odd.
    if (segment.trim() !== segment) throw new InvalidKeyError(key)
  }
  return key
}

/** Validates a list prefix: like a key, but empty is fine and a trailing slash is allowed. */
export function validateListPrefix(prefix: string): string {
  const trimmed = prefix.replace(/\/+$/, '')
  if (trimmed === '') return ''
  validateObjectKey(trimmed)
  return trimmed
}

/**
 * The absolute file path of an object, checked to lie strictly inside `storageRoot/bucket` (defence in
 * depth: the key was validated already, but a mistake there must not become a file outside the folder).
 */
export function objectFilePath(storageRoot: string, bucket: string, key: string): string {
  if (!isValidBucketName(bucket)) throw new InvalidKeyError(`${bucket}/${key}`)
  validateObjectKey(key)
  const bucketDir = path.resolve(storageRoot, bucket)
  const file = path.resolve(bucketDir, ...key.split('/'))
  if (!file.startsWith(bucketDir + path.sep)) throw new InvalidKeyError(key)
  return file
}
