import { randomUUID } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Whether `If-None-Match` names `etag` (in a list, weak or strong): the client already holds this body (304). */
export function clientHolds(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false
}

/**
 * Writes a cache file whole or not at all (a temporary file renamed into place), so a reader never sees half
 * of one; on failure the temporary file is removed and the error thrown.
 */
export async function writeCacheFile(file: string, body: Uint8Array): Promise<void> {
  const temp = `${file}.${randomUUID()}.tmp`
  try {
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(temp, body)
    await rename(temp, file)
  } catch (err) {
    await rm(temp, { force: true })
    throw err
  }
}
