import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '../../shared/data/client.ts'
import type { PageData } from '../../shared/schemas/page-data.ts'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { testEditor, type TestServer } from './server.ts'

/** A post with the fields a save requires (sample values), and any others given. */
export const samplePost = (slug: string, extra: Record<string, unknown> = {}) => ({
  title: `Post ${slug}`,
  slug,
  author: 'Asha Rao',
  content: `<p>Body of ${slug}</p>`,
  ...extra,
})

export interface TestClients {
  anon: SupabaseClient
  service: SupabaseClient
  /** Signed in as `who` (the test editor, an administrator, unless told otherwise). */
  editor: SupabaseClient
  /** The editor's access token, for the server's own endpoints. */
  accessToken: string
}

/** supabase-js clients of a test server, none keeping or refreshing a session on its own. */
export async function clientsOf(
  server: TestServer,
  who: { email: string; password: string } = testEditor,
): Promise<TestClients> {
  const { url, anonKey, serviceRoleKey } = server.ctx.supabase
  const options = { persistSession: false, autoRefreshToken: false }
  const editor = createNodeSupabaseClient(url, anonKey, options)
  const { data, error } = await editor.auth.signInWithPassword(who)
  if (error) throw error
  return {
    anon: createNodeSupabaseClient(url, anonKey, options),
    service: createNodeSupabaseClient(url, serviceRoleKey, options),
    editor,
    accessToken: data.session.access_token,
  }
}

/**
 * A stand-in for the built site (`SITE_DIR`): the app shell with the given head, and the not-found page.
 * Enough for the routes that render posts and previews; the caller removes the folder.
 */
export function standInSite(shellHead: string): string {
  const siteDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-site-'))
  writeFileSync(
    path.join(siteDir, '_shell.html'),
    `<!doctype html><html><head>\n    ${shellHead}\n  </head><body><div id="root"></div></body></html>`,
  )
  writeFileSync(
    path.join(siteDir, '404.html'),
    '<!doctype html><html><head><title>Page not found</title></head><body>404 Oops! Page not found</body></html>',
  )
  return siteDir
}

/** The data a server-rendered page embeds for the browser. */
export const pageDataOf = (html: string): PageData =>
  JSON.parse(
    /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)![1],
  ) as PageData

/**
 * A server render bundle that prints the data it is given: a post page (title and body), or the resources
 * list (the path and the posts' titles) followed by `listTail`.
 */
export const standInPostEntry = (listTail = '') => `
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;')
export const routeMeta = { '/resources': { title: 'Resources | Meridian', description: 'All resources' } }
export const notFoundMeta = { title: 'Page not found | Meridian', description: 'Not found' }
export async function render(pathname, { search = '', pageData = {} } = {}) {
  const post = pageData.post
  if (post && !post.row) return { html: '<h1>Oops! Page not found</h1>' }
  if (post) return { html: '<article><h1>' + esc(post.row.title) + '</h1><div>' + post.row.content + '</div></article>' }
  const cards = (pageData.resources?.posts ?? []).map((p) => '<li>' + esc(p.title) + '</li>').join('')
  return { html: '<p>' + esc(pathname + search) + '</p><ul>' + cards + '</ul>' + ${JSON.stringify(listTail)} }
}
`

/**
 * A stand-in for a build with server rendering: `entry-server.js` (the given module source) and the page
 * template beside the site folder, and optionally the static not-found page. The caller removes both folders
 * with `removeStandInSite`.
 */
export function standInRenderedSite(entryServer: string, notFoundHtml?: string): string {
  const siteDir = mkdtempSync(path.join(os.tmpdir(), 'meridian-site-'))
  const ssrDir = `${siteDir}-ssr`
  mkdirSync(ssrDir, { recursive: true })
  writeFileSync(path.join(ssrDir, 'entry-server.js'), entryServer)
  writeFileSync(
    path.join(ssrDir, 'template.html'),
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>',
  )
  if (notFoundHtml !== undefined) writeFileSync(path.join(siteDir, '404.html'), notFoundHtml)
  return siteDir
}

/** Removes a stand-in site folder and its server-rendering folder beside it. */
export function removeStandInSite(siteDir: string | undefined): void {
  if (!siteDir) return
  rmSync(siteDir, { recursive: true, force: true })
  rmSync(`${siteDir}-ssr`, { recursive: true, force: true })
}
