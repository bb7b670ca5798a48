import { spawn } from 'node:child_process'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Logger } from 'pino'
import { ssrDirFor, ssrEntryFile, templateFile } from './page-html.ts'

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** What the built site is made from: a change to any of these makes the build stale. */
const sources = ['site', 'shared', 'vite.config.ts', 'scripts/prerender.ts', 'package.json']

async function newestMtime(entry: string): Promise<number> {
  let info
  try {
    info = await stat(entry)
  } catch {
    return 0
  }
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const child of await readdir(entry)) {
    if (child === 'node_modules' || child.startsWith('.')) continue
    newest = Math.max(newest, await newestMtime(path.join(entry, child)))
  }
  return newest
}

/**
 * Why the site needs a build, or null when the output is complete and newer than its sources: the pages in
 * `siteDir` and the server's render bundle and template next to it (`ssrDirFor(siteDir)`).
 */
export async function siteBuildReason(siteDir: string, root = projectRoot): Promise<string | null> {
  const ssrDir = ssrDirFor(siteDir)
  const required = [
    ...['index.html', '_shell.html', '404.html'].map((f) => path.join(siteDir, f)),
    path.join(ssrDir, ssrEntryFile),
    path.join(ssrDir, templateFile),
    path.join(ssrDir, 'package.json'),
  ]
  const builtTimes = await Promise.all(
    required.map((f) =>
      stat(f).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  )
  if (builtTimes.some((t) => t === 0))
    return `no complete build in ${path.relative(root, siteDir) || siteDir}`
  const builtAt = Math.min(...builtTimes)
  const sourceTimes = await Promise.all(sources.map((s) => newestMtime(path.join(root, s))))
  return Math.max(...sourceTimes) > builtAt ? 'sources changed since the last build' : null
}

/**
 * Builds the site when `siteDir` is missing or older than its sources, with the same command as
 * `npm run build` (vite build + prerender), writing into `siteDir` through SITE_DIR.
 */
export async function ensureSiteBuilt(
  logger: Logger,
  siteDir: string = path.join(projectRoot, 'dist/site'),
): Promise<void> {
  const reason = await siteBuildReason(siteDir)
  if (!reason) return
  logger.info({ siteDir, reason }, 'Building the site')
  const started = Date.now()
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'build'], {
      cwd: projectRoot,
      // Always a production build: a NODE_ENV of the caller (`test` under vitest) would give React's
      // development bundles, several times larger.
      env: { ...process.env, SITE_DIR: siteDir, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`Building the site failed (npm run build exited with ${code})`)),
    )
  })
  logger.info({ ms: Date.now() - started }, 'Site built')
}
