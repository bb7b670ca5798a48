import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { assetLoader, assetLoaderHash } from './page-html.ts'

describe('the asset loader', () => {
  it('is allowed by the hash the Content-Security-Policy names', () => {
    expect(assetLoaderHash).toBe(`'sha256-${createHash('sha256').update(assetLoader).digest('base64')}'`)
    expect(assetLoader).not.toMatch(/[<>]/)
  })
})
