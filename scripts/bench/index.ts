// `npm run bench`: runs every scripts/bench/*.bench.ts in order and writes docs/benchmarks.md.
import { readdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** A benchmark module: `title` plus `run()` returning a markdown section (tables of medians, ratios). */
export interface BenchModule {
  title: string
  run(): Promise<string>
}

const dir = import.meta.dirname
const only = process.argv.slice(2)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort()

const sections: string[] = []
for (const file of files) {
  const mod = (await import(path.join(dir, file))) as BenchModule
  console.log(`\n## ${mod.title}`)
  const started = Date.now()
  const body = await mod.run()
  console.log(body)
  sections.push(
    `## ${mod.title}\n\n${body.trim()}\n\n_Took ${((Date.now() - started) / 1000).toFixed(0)} s._`,
  )
}

const header = [
  '# Benchmarks',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ` +
    `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB.`,
  'Figures are medians of repeated runs in one session on a shared machine; compare ratios rather than absolutes.',
  '',
].join('\n')
if (only.length === 0)
  writeFileSync(path.join(dir, '../../docs/benchmarks.md'), `${header}\n${sections.join('\n\n')}\n`)
else console.log('\n(partial run: docs/benchmarks.md not written)')
