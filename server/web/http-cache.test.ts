import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { clientHolds, writeCacheFile } from './http-cache.ts'

describe('clientHolds', () => {
  it('reads If-None-Match lists, weak or strong, and nothing else', () => {
    expect(clientHolds('"abc"', '"abc"')).toBe(true)
    expect(clientHolds('W/"abc"', '"abc"')).toBe(true)
    expect(clientHolds('"x", W/"abc"', '"abc"')).toBe(true)
    expect(clientHolds('"abcd"', '"abc"')).toBe(false)
    expect(clientHolds(undefined, '"abc"')).toBe(false)
  })
})

describe('writeCacheFile', () => {
  it('writes a file whole into a folder it creates, and leaves no temporary file when it cannot', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'http-cache-'))
    try {
      const file = path.join(dir, 'ab', 'variant.webp')
      await writeCacheFile(file, Buffer.from('bytes'))
      expect(readFileSync(file, 'utf8')).toBe('bytes')
      expect(readdirSync(path.join(dir, 'ab'))).toEqual(['variant.webp'])

      // A file where its folder should be: the write fails and nothing is left behind.
      writeFileSync(path.join(dir, 'blocked'), '')
      await expect(writeCacheFile(path.join(dir, 'blocked', 'x.png'), Buffer.from('x'))).rejects.toThrow()
      expect(readdirSync(dir).sort()).toEqual(['ab', 'blocked'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
