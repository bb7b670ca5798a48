import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sampleLead } from '../../../../tests/support/sample-lead.ts'
import { leadSubmitTimeoutMs, submitFallbackMessage, submitLead } from './submit-lead.ts'

const lead = sampleLead()

describe('submitLead against a server that stops answering', () => {
  let server: Server
  let base: string
  beforeAll(async () => {
    // Reads the request, then never answers (or sends headers and never the body).
    server = createServer((req, res) => {
      if (req.url === '/half/api/leads') res.writeHead(201, { 'Content-Type': 'application/json' }).write('{')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })

  const via =
    (prefix: string): typeof fetch =>
    (input, init) =>
      fetch(`${base}${prefix}${String(input)}`, init)

  it('gives up after its timeout with the spec’s fallback message', async () => {
    const started = Date.now()
    await expect(submitLead(lead, 'key-12345678', { fetch: via(''), timeoutMs: 300 })).rejects.toThrow(
      submitFallbackMessage,
    )
    // Its own 300 ms, not the form's default of 15 s (room for a loaded machine in between).
    expect(Date.now() - started).toBeLessThan(leadSubmitTimeoutMs / 2)
  })

  it('also when the reply starts and its body never ends', async () => {
    await expect(submitLead(lead, 'key-12345678', { fetch: via('/half'), timeoutMs: 300 })).rejects.toThrow(
      submitFallbackMessage,
    )
  })
})
