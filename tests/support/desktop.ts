import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { getPostBySlug } from '../../shared/data/blogs.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import type { BlogRow } from '../../shared/schemas/blog.ts'
import type { SyncStatus } from '../../desktop/contract.ts'
import { openDesktopMain, type DesktopMain } from '../../desktop/main/desktop-main.ts'
import { MemorySecretStore, type SecretStore } from '../../desktop/main/services/session.ts'
import type { Updater } from '../../desktop/main/services/updates.ts'
import { testEditor, type TestServer } from './server.ts'

/** A desktop main process under test: its own user-data folder, a switch for the network, quick retries. */
export interface DesktopUnderTest {
  backend: DesktopMain
  userDataDir: string
  secrets: SecretStore
  network: { up: boolean }
  /** Closes the backend (the offline store stays on disk). */
  close(): Promise<void>
  /** Closes and deletes the user-data folder. */
  destroy(): Promise<void>
}

export async function openDesktop(
  options: {
    userDataDir?: string
    secrets?: SecretStore
    network?: { up: boolean }
    siteUrl?: string
    backoffMs?: number
    requestTimeoutMs?: number
    onStatus?: (status: SyncStatus) => void
    updater?: Updater
    appVersion?: string
  } = {},
): Promise<DesktopUnderTest> {
  const userDataDir = options.userDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'meridian-desktop-'))
  const secrets = options.secrets ?? new MemorySecretStore()
  const network = options.network ?? { up: true }
  const backend = await openDesktopMain({
    userDataDir,
    secrets,
    isNetworkUp: () => network.up,
    backoffMs: () => options.backoffMs ?? 25,
    autoRefresh: false,
    requestTimeoutMs: options.requestTimeoutMs,
    onStatus: options.onStatus,
    updater: options.updater,
    appVersion: options.appVersion,
  })
  if (options.siteUrl) {
    const settings = await backend.saveSettings({ siteUrl: options.siteUrl })
    if (!settings.connected)
      throw new Error(`Desktop could not connect to ${options.siteUrl}: ${settings.connectionError}`)
  }
  let closed: Promise<void> | null = null
  const close = () => (closed ??= backend.close())
  return {
    backend,
    userDataDir,
    secrets,
    network,
    close,
    async destroy() {
      await close()
      rmSync(userDataDir, { recursive: true, force: true })
    },
  }
}

/** Another editor working in the browser at the same time: a separate signed-in supabase-js client. */
export async function otherEditor(server: TestServer) {
  const client = createNodeSupabaseClient(server.url, server.ctx.supabase.anonKey, {
    persistSession: false,
    autoRefreshToken: false,
  })
  const { error } = await client.auth.signInWithPassword(testEditor)
  if (error) throw new Error(`Other editor could not sign in: ${error.message}`)
  return client
}

/** What the server holds for a slug, read as a signed-in editor (drafts included). */
export async function serverPost(server: TestServer, slug: string): Promise<BlogRow | null> {
  const client = await otherEditor(server)
  return getPostBySlug(client, slug)
}

export function postInput(
  slug: string,
  overrides: Partial<{
    title: string
    content: string
    author: string
    tags: string[]
    cover_image_url: string | null
  }> = {},
) {
  return {
    slug,
    title: overrides.title ?? `Post ${slug}`,
    author: overrides.author ?? 'Asha Rao',
    content: overrides.content ?? `<p>Body of ${slug}</p>`,
    tags: overrides.tags ?? ['gcc'],
    cover_image_url: overrides.cover_image_url ?? null,
    type: 'blog' as const,
    excerpt: null,
    content_markdown: null,
    status: 'published' as const,
  }
}
