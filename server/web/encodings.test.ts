import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { chooseEncoding, encode, encodedResponse } from './encodings.ts'

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, honouring q-values and refusals', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br')
    expect(chooseEncoding('gzip')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip')
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(chooseEncoding('*')).toBe('br')
    expect(chooseEncoding('identity')).toBeNull()
    expect(chooseEncoding('deflate')).toBeNull()
    expect(chooseEncoding(null)).toBeNull()
  })
})

describe('compressed copies', () => {
  const page = new TextEncoder().encode('<p>A tech capacity centre in India.</p>'.repeat(100))
  const ask = (acceptEncoding?: string) =>
    new Request('http://site/', acceptEncoding ? { headers: { 'Accept-Encoding': acceptEncoding } } : {})

  it('sends each client the copy it accepts, and the same bytes once decoded', async () => {
    const encoded = await encode(page, 'text/html; charset=utf-8')
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      [undefined, null, (b: Uint8Array) => b],
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
