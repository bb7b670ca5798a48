// `npm run bench`: runs every scripts/bench/*.bench.ts in order and writes docs/benchmarks.md.
// `npm run bench -- <name>…` runs the modules whose file name contains a name and replaces only their
// sections (matched by their `## <title>` heading) in the existing file, keeping the others.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** A benchmark module: `title` plus `run()` returning a markdown section (tables of medians, ratios). */
export interface BenchModule {
  title: string
  run(): Promise<string>
}

const dir = import.meta.dirname
const output = path.join(dir, '../../docs/benchmarks.md')
const only = process.argv.slice(2)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort()
if (files.length === 0) throw new Error(`No benchmark in scripts/bench matches ${only.join(', ')}`)

const today = new Date().toISOString().slice(0, 10)
const sections: Array<{ title: string; text: string }> = []
for (const file of files) {
  const mod = (await import(path.join(dir, file))) as BenchModule
  console.log(`\n## ${mod.title}`)
  const started = Date.now()
  const body = await mod.run()
  console.log(body)
  sections.push({
    title: mod.title,
    text: `## ${mod.title}\n\n${body.trim()}\n\n_Took ${((Date.now() - started) / 1000).toFixed(0)} s._`,
  })
}

const machine =
  `Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
  `${Math.round(os.totalmem() / 2 ** 30)} GiB.`
const dateLine = (fullRun: string, reruns: Map<string, string>) =>
  `Written by \`npm run bench\` on ${fullRun}` +
  (reruns.size
    ? ` (re-run alone since: ${[...reruns].map(([title, date]) => `“${title}” on ${date}`).join(', ')})`
    : '') +
  `: ${machine}`
const note =
  'Figures are medians of repeated runs in one session on a shared machine; compare ratios rather than absolutes.'

if (only.length === 0 || !existsSync(output)) {
  const header = ['# Benchmarks', '', dateLine(today, new Map()), note].join('\n')
  writeFileSync(output, `${header}\n\n${sections.map((s) => s.text).join('\n\n')}\n`)
} else {
  // Split the existing file into its header and `## ` sections; replace ours, append new ones.
  const [head, ...rest] = readFileSync(output, 'utf8').split(/^(?=## )/m)
  const existing = rest.map((text) => ({
    title: text.slice(3, text.indexOf('\n')).trim(),
    text: text.trim(),
  }))
  for (const section of sections) {
    const at = existing.findIndex((s) => s.title === section.title)
    if (at >= 0) existing[at] = section
    else existing.push(section)
  }
  // The date line keeps the full run's date and lists each section re-run alone since, with its date.
  const lines = head.trimEnd().split('\n')
  const at = lines.findIndex((l) => l.startsWith('Written by'))
  const old = at >= 0 ? lines[at] : ''
  const fullRun = /on (\d{4}-\d{2}-\d{2})/.exec(old)?.[1] ?? 'an earlier day'
  const reruns = new Map([...old.matchAll(/“([^”]+)” on (\d{4}-\d{2}-\d{2})/g)].map((m) => [m[1], m[2]]))
  for (const section of sections) reruns.set(section.title, today)
  if (at >= 0) lines[at] = dateLine(fullRun, reruns)
  else lines.splice(1, 0, '', dateLine(fullRun, reruns))
  writeFileSync(output, `${lines.join('\n')}\n\n${existing.map((s) => s.text).join('\n\n')}\n`)
  console.log(
    `\n(partial run: replaced ${sections.map((s) => `“${s.title}”`).join(', ')} in docs/benchmarks.md)`,
  )
}
