// Marketing site figures: the JavaScript `/` needs (gzip and brotli) and Lighthouse mobile scores.
import { spawnSync } from 'node:child_process'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../../tests/support/chromium.ts'
import { startTestServer } from '../../tests/support/server.ts'

export const title = 'Marketing site: JavaScript size and Lighthouse'

const chromeFlags = ['--headless=new', ...chromiumArgs]
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** Every script `/` loads before it is idle, measured as the browser receives it. */
async function javascriptFor(url: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const page = await browser.newPage()
    const scripts = new Map<string, Buffer>()
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script')
        scripts.set(res.url(), await res.body().catch(() => Buffer.alloc(0)))
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    let raw = 0
    let gzip = 0
    let brotli = 0
    for (const body of scripts.values()) {
      raw += body.length
      gzip += gzipSync(body, { level: 9 }).length
      brotli += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
    }
    return { files: scripts.size, raw, gzip, brotli }
  } finally {
    await browser.close()
  }
}

async function lighthouseScores(url: string) {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' })
    const lhr = result!.lhr
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
    }
  } finally {
    chrome.kill()
  }
}

export async function run(): Promise<string> {
  const build = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) throw new Error('npm run build failed')
  const server = await startTestServer()
  // Lighthouse judges the public origin; localhost keeps "secure context" checks meaningful.
  const base = server.url.replace('127.0.0.1', 'localhost')
  try {
    const js = await javascriptFor(`${base}/`)
    const lines = [
      '| JavaScript loaded by `/` | files | raw | gzip | brotli | budget (gzip) |',
      '|---|---|---|---|---|---|',
      `| all scripts until network idle | ${js.files} | ${kb(js.raw)} | ${kb(js.gzip)} | ${kb(js.brotli)} | ≤ 100 KB ${js.gzip <= 100 * 1024 ? '✅' : '❌'} |`,
      '',
      'Lighthouse 12, mobile emulation (default throttling); the run with the median performance score of 3 per route:',
      '',
      '| route | performance | accessibility | best practices | SEO | LCP | TBT | CLS |',
      '|---|---|---|---|---|---|---|---|',
    ]
    for (const route of ['/', '/solutions', '/platform']) {
      const runs = []
      for (let i = 0; i < 3; i++) runs.push(await lighthouseScores(`${base}${route}`))
      runs.sort((a, b) => a.performance - b.performance)
      const m = runs[1]
      lines.push(
        `| \`${route}\` | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ${(m.lcp / 1000).toFixed(2)} s | ${Math.round(m.tbt)} ms | ${m.cls.toFixed(3)} |`,
      )
    }
    lines.push('', 'Budgets: performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100.')
    return lines.join('\n')
  } finally {
    await server.stop()
  }
}
