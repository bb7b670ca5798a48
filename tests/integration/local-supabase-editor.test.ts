import { serve, type ServerType } from '@hono/node-server'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { startLocalSupabase, type LocalSupabase } from '../../server/local-supabase/index.ts'

// The start-up editor: generated once when nobody can edit yet, or taken from EDITOR_EMAIL / EDITOR_PASSWORD.

let backend: LocalSupabase
let server: ServerType
let url: string
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-editor-'))

beforeAll(async () => {
  backend = await startLocalSupabase({ dataDir, logger: pino({ level: 'silent' }) })
  await new Promise<void>((resolve) => {
    server = serve({ fetch: backend.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      url = `http://127.0.0.1:${info.port}`
      resolve()
    })
  })
  // The first start creates the database: slow on a busy machine.
}, 180_000)

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()))
  await backend?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function signsInAndMayWrite(email: string, password: string, slug: string) {
  const client = createNodeSupabaseClient(url, backend.keys.anonKey)
  const { error } = await client.auth.signInWithPassword({ email, password })
  if (error) return { signedIn: false, wrote: false }
  const insert = await client.from('blogs').insert({ title: 'By the editor', slug, author: 'Editor' })
  return { signedIn: true, wrote: insert.error === null }
}

describe('ensureEditor', () => {
  it('generates editor@<brand domain> once when there is no editor, and the password works', async () => {
    const first = await backend.ensureEditor()
    expect(first).toMatchObject({ email: 'editor@meridian.example', created: true })
    expect(first!.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    expect(
      await signsInAndMayWrite(first!.email, first!.generatedPassword!, 'generated-editor-post'),
    ).toEqual({ signedIn: true, wrote: true })

    // Later starts print nothing: an editor exists.
    expect(await backend.ensureEditor()).toBeNull()
  })

  it('creates the configured editor, then updates the password on the next start', async () => {
    const created = await backend.ensureEditor('Writer@Example.com', 'first-password-123')
    expect(created).toEqual({ email: 'writer@example.com', created: true })
    expect(await signsInAndMayWrite('writer@example.com', 'first-password-123', 'writer-post-1')).toEqual({
      signedIn: true,
      wrote: true,
    })

    const updated = await backend.ensureEditor('writer@example.com', 'second-password-456')
    expect(updated).toEqual({ email: 'writer@example.com', created: false })
    expect(
      (await signsInAndMayWrite('writer@example.com', 'first-password-123', 'writer-post-2')).signedIn,
    ).toBe(false)
    expect(await signsInAndMayWrite('writer@example.com', 'second-password-456', 'writer-post-3')).toEqual({
      signedIn: true,
      wrote: true,
    })
  })

  it('refuses half a configuration, a bad address and a short password with a clear message', async () => {
    await expect(backend.ensureEditor('writer@example.com')).rejects.toThrow(
      'EDITOR_EMAIL and EDITOR_PASSWORD must be set together.',
    )
    await expect(backend.ensureEditor('not-an-email', 'long-enough-password')).rejects.toThrow(
      'EDITOR_EMAIL is not a valid email address',
    )
    await expect(backend.ensureEditor('short@example.com', 'short')).rejects.toThrow(
      'EDITOR_PASSWORD must be at least 8 characters long.',
    )
    const { rows } = await backend.db.query<{ n: number }>(
      "select count(*)::int as n from auth.users where email = 'short@example.com'",
    )
    expect(rows[0].n).toBe(0)
  })
})
