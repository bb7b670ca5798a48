import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { contentTypeOf } from '../../shared/lib/content-types.ts'
import { encode, type Encoded } from './encodings.ts'

/** Vite's content-hashed output: the name changes whenever the bytes do, so it may be cached forever. */
export const immutableCache = 'public, max-age=31536000, immutable'
/** Pages and unhashed files (robots.txt, favicon) must pick up a new build quickly. */
export const shortCache = 'public, max-age=0, must-revalidate'
export const shortFileCache = 'public, max-age=3600'

export function contentTypeFor(file: string): string {
  return contentTypeOf(file) ?? 'application/octet-stream'
}

/**
 * Resolves `relative` inside `root`, refusing anything that would escape it (`..`, absolute paths).
 * Returns null when the path is outside the site folder.
 */
export function insideRoot(root: string, relative: string): string | null {
  const resolved = path.resolve(root, `.${path.posix.normalize(`/${relative}`)}`)
  return resolved === root || resolved.startsWith(root + path.sep) ? resolved : null
}

interface CachedFile extends Encoded {
  mtimeMs: number
}

/**
 * Reads site files with a small mtime-checked memory cache, each text file with its gzip and brotli copies
 * (each made once, when a client first asks for it, not per request): pages and assets are read on every visit.
 */
export function createFileReader() {
  const cache = new Map<string, CachedFile>()
  return async function readSiteFile(file: string): Promise<Encoded | null> {
    let info
    try {
      info = await stat(file)
    } catch {
      return null
    }
    if (!info.isFile()) return null
    const hit = cache.get(file)
    if (hit && hit.mtimeMs === info.mtimeMs) return hit
    const body = new Uint8Array(await readFile(file))
    // A larger file is read per request and left to the app's streaming compression.
    if (body.byteLength > 2 * 1024 * 1024) return { identity: body, compressible: false }
    const read = { mtimeMs: info.mtimeMs, ...encode(body, contentTypeFor(file), true) }
    cache.set(file, read)
    return read
  }
}
