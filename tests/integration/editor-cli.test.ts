import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { parseEditorArgs, UsageError } from '../../server/local-supabase/editor-cli.ts'
import { projectRoot } from '../../server/main.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { startTestServer } from '../support/server.ts'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-editor-cli-'))
const writer = 'Writer@Meridian.example'

/** Runs the real CLI as `npm run editor` does, in its own process, on the test's data directory. */
function editorCli(...args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/local-supabase/editor-cli.ts', ...args],
      { cwd: projectRoot, env: { ...process.env, DATA_DIR: dataDir }, timeout: 120_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

async function signIn(url: string, anonKey: string, email: string, password: string) {
  const supabase = createNodeSupabaseClient(url, anonKey, { persistSession: false, autoRefreshToken: false })
  const { data, error } = await supabase.auth.signInWithPassword({ email, password })
  return { supabase, session: data.session, error }
}

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true })
})

describe('editor CLI arguments', () => {
  it('parses add with and without a password, remove and list', () => {
    expect(parseEditorArgs(['add', 'A@B.example'])).toEqual({
      command: 'add',
      email: 'a@b.example',
      password: undefined,
    })
    expect(parseEditorArgs(['add', 'a@b.example', '--password', 'long-enough'])).toMatchObject({
      password: 'long-enough',
    })
    expect(parseEditorArgs(['add', 'a@b.example', '--password=long-enough'])).toMatchObject({
      password: 'long-enough',
    })
    expect(parseEditorArgs(['add', 'a@b.example', '--role', 'contributor'])).toMatchObject({
      role: 'contributor',
    })
    expect(parseEditorArgs(['remove', 'a@b.example'])).toEqual({ command: 'remove', email: 'a@b.example' })
    expect(parseEditorArgs(['list'])).toEqual({ command: 'list' })
    expect(parseEditorArgs([])).toEqual({ command: 'help' })
  })

  it.each([
    [['add'], /exactly one email/],
    [['add', 'not-an-email'], /Not a valid email/],
    [['add', 'a@b.example', '--password', 'short'], /at least 8 characters/],
    [['add', 'a@b.example', '--password'], /needs a value/],
    [['remove', 'a@b.example', '--password', 'long-enough'], /no options/],
    [['add', 'a@b.example', '--role', 'owner'], /Unknown role/],
    [['promote', 'a@b.example'], /Unknown command/],
    [['list', '--verbose'], /Unknown option/],
  ])('refuses %j', (args, message) => {
    expect(() => parseEditorArgs(args)).toThrow(UsageError)
    expect(() => parseEditorArgs(args)).toThrow(message)
  })
})

describe('npm run editor on a data directory', () => {
  let generatedPassword = ''

  it('adds an editor with a generated password, printed once', async () => {
    const added = await editorCli('add', writer)
    expect(added.stderr).toBe('')
    expect(added.code).toBe(0)
    expect(added.stdout).toContain('Added writer@meridian.example (admin).')
    const match = /Password \(shown only this once\): (\S+)/.exec(added.stdout)
    expect(match).not.toBeNull()
    generatedPassword = match![1]!
    expect(generatedPassword.length).toBeGreaterThanOrEqual(24)

    const weak = await editorCli('add', writer, '--password', 'short')
    expect(weak.code).toBe(2)
    expect(weak.stderr).toMatch(/at least \d+ characters/)

    const list = await editorCli('list')
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/^writer@meridian\.example\tadmin\t/m)
    expect(list.stdout).not.toContain(generatedPassword)
  }, 120_000)

  it('the new editor signs in and may upload; the CLI refuses to run while the server holds the data directory', async () => {
    const server = await startTestServer({ DATA_DIR: dataDir })
    try {
      const { supabase, error } = await signIn(
        server.url,
        server.ctx.supabase.anonKey,
        writer,
        generatedPassword,
      )
      expect(error).toBeNull()
      const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0ea5e9' } })
        .png()
        .toBuffer()
      const upload = await supabase.storage
        .from('images')
        .upload(`blog-covers/${Date.now()}.png`, image, { contentType: 'image/png' })
      expect(upload.error).toBeNull()

      const locked = await editorCli('list')
      expect(locked.code).toBe(1)
      expect(locked.stderr).toContain('Stop the server first')
    } finally {
      await server.stop()
    }
  }, 120_000)

  it('sets a new password for an existing editor and removes an editor', async () => {
    const updated = await editorCli('add', writer, '--password', 'a-brand-new-password')
    expect(updated.code).toBe(0)
    expect(updated.stdout).toContain('password updated')
    expect(updated.stdout).not.toContain('shown only this once')

    const contributor = await editorCli('add', 'helper@meridian.example', '--role', 'contributor')
    expect(contributor.code).toBe(0)
    expect(contributor.stdout).toContain('Added helper@meridian.example (contributor).')
    const promoted = await editorCli(
      'add',
      'helper@meridian.example',
      '--role',
      'editor',
      '--password',
      'another-long-password',
    )
    expect(promoted.stdout).toContain('helper@meridian.example is an editor (editor); password updated.')
    expect((await editorCli('list')).stdout).toMatch(/^helper@meridian\.example\teditor\t/m)

    // The writer is the only administrator: the team would have nobody left to manage it.
    const lastAdmin = await editorCli('remove', writer)
    expect(lastAdmin.code).toBe(1)
    expect(lastAdmin.stderr).toContain(
      'The last administrator cannot be removed. Make someone else an administrator first.',
    )
    expect((await editorCli('add', 'helper@meridian.example', '--role', 'admin')).code).toBe(0)

    const removed = await editorCli('remove', writer)
    expect(removed.code).toBe(0)
    expect(removed.stdout).toContain('Removed editor writer@meridian.example.')
    const again = await editorCli('remove', writer)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('No account with the email writer@meridian.example.')

    const server = await startTestServer({ DATA_DIR: dataDir })
    try {
      const { error } = await signIn(server.url, server.ctx.supabase.anonKey, writer, 'a-brand-new-password')
      expect(error).toMatchObject({ code: 'invalid_credentials' })
    } finally {
      await server.stop()
    }
  }, 120_000)
})
