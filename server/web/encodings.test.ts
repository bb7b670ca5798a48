import { readFileSync } from 'node:fs'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encode, encodedBytes, encodedResponse, prepareCopy } from './encodings.ts'

describe('compressed copies', () => {
  const page = new TextEncoder().encode('<p>A tech capacity centre in India.</p>'.repeat(100))
  const ask = (acceptEncoding?: string) =>
    new Request('http://site/', acceptEncoding ? { headers: { 'Accept-Encoding': acceptEncoding } } : {})

  it('sends each client the copy it accepts (brotli first, q-values and refusals honoured), the same bytes once decoded', async () => {
    const encoded = encode(page, 'text/html; charset=utf-8')
    const asIs = (b: Uint8Array) => b
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
      ['BR;q=0.5, gzip;q=0.8', 'gzip', gunzipSync],
      ['*', 'br', brotliDecompressSync],
      ['identity', null, asIs],
      ['deflate', null, asIs],
      [undefined, null, asIs],
    ] as const) {
      const response = await encodedResponse(ask(accept), encoded, {})
      const { headers } = response
      const body = new Uint8Array(await response.arrayBuffer())
      expect(headers.get('Content-Encoding')).toBe(encoding)
      expect(headers.get('Vary')).toBe('Accept-Encoding')
      expect(Number(headers.get('Content-Length'))).toBe(body.byteLength)
      expect(Buffer.from(decode(body)).equals(Buffer.from(page))).toBe(true)
    }
  })

  it("compresses a file of the built site at brotli's best, smaller than a page rendered per request", async () => {
    const text = new Uint8Array(readFileSync(new URL('../../README.md', import.meta.url)))
    const built = encode(text, 'text/html; charset=utf-8', true)
    const rendered = encode(text, 'text/html; charset=utf-8')
    await prepareCopy(ask('br'), built)
    await prepareCopy(ask('br'), rendered)
    expect(built.br!.byteLength).toBeLessThan(rendered.br!.byteLength)
    expect(Buffer.from(brotliDecompressSync(built.br!)).equals(Buffer.from(text))).toBe(true)
  })

  it('leaves images and short bodies as they are', async () => {
    for (const [body, type] of [
      [page, 'image/png'],
      [page.slice(0, 100), 'text/html; charset=utf-8'],
    ] as const) {
      const encoded = encode(body, type)
      const response = await encodedResponse(ask('br'), encoded, {})
      expect(encoded.br).toBeUndefined()
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(body))).toBe(true)
      expect(response.headers.get('Content-Encoding')).toBeNull()
    }
  })
})

describe('copies made on demand', () => {
  const page = new TextEncoder().encode('<p>Build and own a tech capacity centre.</p>'.repeat(200))
  const ask = (acceptEncoding: string) =>
    new Request('http://site/', { headers: { 'Accept-Encoding': acceptEncoding } })

  it('compresses a body only in the encodings clients asked for, once each, for requests arriving together', async () => {
    const encoded = encode(page, 'text/html; charset=utf-8')
    const first = await Promise.all([1, 2, 3].map(() => encodedResponse(ask('br, gzip'), encoded, {})))
    expect(encoded.br).toBeDefined()
    expect(encoded.gzip).toBeUndefined()
    const brotliCopy = encoded.br
    await encodedResponse(ask('br'), encoded, {})
    expect(encoded.br).toBe(brotliCopy)
    expect(
      new Set(
        await Promise.all(first.map(async (r) => Buffer.from(await r.arrayBuffer()).toString('base64'))),
      ).size,
    ).toBe(1)
    expect(await prepareCopy(ask('gzip'), encoded)).toBe(true)
    expect(await prepareCopy(ask('gzip'), encoded)).toBe(false)
    expect(encodedBytes(encoded)).toBe(page.byteLength + encoded.br!.byteLength + encoded.gzip!.byteLength)
  })
})
