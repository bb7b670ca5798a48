import { expect, type Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import type { SupabaseClient } from '../../../shared/data/client.ts'
import { createNodeSupabaseClient } from '../../../shared/data/node-client.ts'
import { adminPath } from '../../../shared/config/brand.ts'

/** The same values playwright.config.ts gives the e2e server (its webServer env). */
const e2e = {
  port: Number(process.env.E2E_PORT ?? 8190),
  editorEmail: 'editor@meridian.example',
  editorPassword: 'correct-horse-battery-staple',
}

export const baseUrl = `http://localhost:${e2e.port}`
export { adminPath }
export { uniqueAddress } from '../../support/addresses.ts'

/** A short token unique to one test, put in titles and slugs so parallel specs never see each other's posts. */
export function uniqueToken(prefix = 't'): string {
  return `${prefix}${randomBytes(4).toString('hex')}`
}

async function anonKey(): Promise<string> {
  const res = await fetch(`${baseUrl}/config.json`)
  const config = (await res.json()) as { supabaseAnonKey: string }
  return config.supabaseAnonKey
}

/** supabase-js as a visitor (anon key only). */
export async function visitorClient(): Promise<SupabaseClient> {
  return createNodeSupabaseClient(baseUrl, await anonKey(), {
    persistSession: false,
    autoRefreshToken: false,
  })
}

/** supabase-js signed in as the e2e editor. */
export async function editorClient(): Promise<SupabaseClient> {
  const client = await visitorClient()
  const { error } = await client.auth.signInWithPassword({
    email: e2e.editorEmail,
    password: e2e.editorPassword,
  })
  if (error) throw new Error(`Editor sign-in failed: ${error.message}`)
  return client
}

export interface SeedPost {
  title: string
  slug: string
  author?: string
  type?: 'blog' | 'case study' | 'ebook'
  status?: 'draft' | 'published'
  content?: string
  excerpt?: string
  tags?: string[]
  created_at?: string
}

/** Inserts posts directly (as the editor), bypassing the admin UI. */
export async function seedPosts(client: SupabaseClient, posts: SeedPost[]): Promise<void> {
  // A bulk insert sends the union of keys and missing ones become NULL (as in PostgREST): give every row all of them.
  const rows = posts.map((p) => ({
    author: 'Seed Author',
    content: `<p>${p.title} body</p>`,
    type: 'blog',
    status: 'published',
    excerpt: null,
    tags: [],
    created_at: new Date().toISOString(),
    ...p,
  }))
  const { error } = await client.from('blogs').insert(rows)
  if (error) throw new Error(`Seeding posts failed: ${error.message}`)
}

export async function signInToAdmin(page: Page): Promise<void> {
  await page.goto(adminPath)
  await page.getByLabel('Email').fill(e2e.editorEmail)
  await page.getByLabel('Password').fill(e2e.editorPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  // From 1024 px the list and the editor sit side by side; on narrower screens the list is the first screen.
  const wide = (page.viewportSize()?.width ?? 1280) >= 1024
  await expect(
    page.getByRole('heading', { name: wide ? 'Add / Update Blog Post' : 'All Blog Posts' }),
  ).toBeVisible()
}

/** On a narrow screen, opens the editor for a new post (from 1024 px it is always in view). */
export async function openNewPost(page: Page): Promise<void> {
  const wide = (page.viewportSize()?.width ?? 1280) >= 1024
  if (!wide) await page.getByRole('button', { name: 'New post', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Add / Update Blog Post' })).toBeVisible()
}

/** Types a post into the open editor as an editor does: its title, its author when given, and its body. */
export async function typePost(page: Page, post: { title: string; author?: string; body: string }) {
  await page.getByLabel('Title', { exact: true }).fill(post.title)
  if (post.author !== undefined) await page.getByLabel('Author').fill(post.author)
  await page.locator('.ProseMirror').click()
  await page.keyboard.type(post.body)
}
