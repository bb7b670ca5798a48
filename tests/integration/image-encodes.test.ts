import sharp, { type Sharp } from 'sharp'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { uploadBlogImageAt } from '../../shared/data/blogs.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { testEditor } from '../support/server.ts'
import { useTestServer } from '../support/use-test-server.ts'

// A burst of variant requests for one large picture, through both ways in (the site's `/media` cover
// variants and the embedded Storage's `/render/image`): the server encodes at most two images at once, all
// paths together, so memory stays bounded however many arrive.

afterEach(() => {
  vi.restoreAllMocks()
})

describe('image encodes, server-wide', () => {
  const server = useTestServer()

  it('at most two at once across /media and /render/image, and every request is answered', async () => {
    const { url, anonKey } = server.ctx.supabase
    const editor = createNodeSupabaseClient(url, anonKey, { persistSession: false, autoRefreshToken: false })
    expect((await editor.auth.signInWithPassword(testEditor)).error).toBeNull()
    // Gradients and noise, so each encode has real work to do.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1600">
      <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#f59e0b"/></linearGradient>
      <filter id="n"><feTurbulence baseFrequency="0.8" numOctaves="2"/><feBlend in="SourceGraphic" mode="multiply"/></filter></defs>
      <rect width="2400" height="1600" fill="url(#g)" filter="url(#n)"/></svg>`
    const png = await sharp(Buffer.from(svg)).png().toBuffer()
    const key = `blog-covers/${Date.now()}.png`
    await uploadBlogImageAt(editor, key, png, 'image/png')

    // Every encode ends in sharp's toBuffer: count how many run at the same moment.
    let inFlight = 0
    let most = 0
    const toBuffer = sharp.prototype.toBuffer
    vi.spyOn(sharp.prototype, 'toBuffer').mockImplementation(function (this: Sharp, ...args: unknown[]) {
      inFlight++
      most = Math.max(most, inFlight)
      const done = (toBuffer as (...a: unknown[]) => Promise<unknown>).apply(this, args)
      void done.then(
        () => inFlight--,
        () => inFlight--,
      )
      return done as never
    })

    const paths = [
      ...[320, 480, 640, 960].flatMap((width) =>
        ['avif', 'webp'].map((format) => `/media/images/${key}?width=${width}&format=${format}`),
      ),
      ...[200, 400, 600, 800, 1000, 1200].map(
        (width) => `/storage/v1/render/image/public/images/${key}?width=${width}&quality=70`,
      ),
    ]
    const statuses = await Promise.all(paths.map(async (p) => (await fetch(`${server.url}${p}`)).status))
    expect(statuses.every((s) => s === 200)).toBe(true)
    expect(most).toBeGreaterThan(0)
    expect(most).toBeLessThanOrEqual(2)
  })
})
