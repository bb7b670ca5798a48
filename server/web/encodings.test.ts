import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encode, encodedResponse } from './encodings.ts'

describe('compressed copies', () => {
  const page = new TextEncoder().encode('<p>A tech capacity centre in India.</p>'.repeat(100))
  const ask = (acceptEncoding?: string) =>
    new Request('http://site/', acceptEncoding ? { headers: { 'Accept-Encoding': acceptEncoding } } : {})

  it('sends each client the copy it accepts (brotli first, q-values and refusals honoured), the same bytes once decoded', async () => {
    const encoded = await encode(page, 'text/html; charset=utf-8')
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
      const response = encodedResponse(ask(accept), encoded, {})
      const { headers } = response
      const body = new Uint8Array(await response.arrayBuffer())
      expect(headers.get('Content-Encoding')).toBe(encoding)
      expect(headers.get('Vary')).toBe('Accept-Encoding')
      expect(Number(headers.get('Content-Length'))).toBe(body.byteLength)
      expect(Buffer.from(decode(body)).equals(Buffer.from(page))).toBe(true)
    }
  })

  it('leaves images and short bodies as they are', async () => {
    for (const [body, type] of [
      [page, 'image/png'],
      [page.slice(0, 100), 'text/html; charset=utf-8'],
    ] as const) {
      const encoded = await encode(body, type)
      expect(encoded.gzip).toBeNull()
      const response = encodedResponse(ask('br'), encoded, {})
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(body))).toBe(true)
      expect(response.headers.get('Content-Encoding')).toBeNull()
    }
  })
})
