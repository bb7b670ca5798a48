import { describe, expect, it, vi } from 'vitest'
import { configureZodWithoutEval } from './zod-jitless.ts'

describe('configureZodWithoutEval', () => {
  it('is what z.config({ jitless: true }) sets, for a zod loaded before or after it', async () => {
    const { z } = await import('zod')
    const before = z.config().jitless
    try {
      configureZodWithoutEval()
      expect(z.config().jitless).toBe(true)
      vi.resetModules()
      const fresh = await import('zod')
      expect(fresh.z.config().jitless).toBe(true)
    } finally {
      z.config({ jitless: before })
    }
  })

  it('keeps the rest of the configuration', () => {
    const target = { __zod_globalConfig: { customError: 'kept' } }
    configureZodWithoutEval(target)
    expect(target.__zod_globalConfig).toEqual({ customError: 'kept', jitless: true })
  })
})
