import { existsSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * electron-builder.yml keeps only the node_modules that Electron main loads at run time (one allowlist
 * pattern). This test keeps that list honest without a build: it follows main's imports from
 * desktop/main/index.ts through shared/, takes the packages it imports and their installed dependencies,
 * and checks the allowlist holds every one of them, and nothing else.
 */
const root = path.resolve(import.meta.dirname, '../..')
const builtins = new Set(builtinModules)

/** Specifiers of value imports (`import type` / `export type` are erased and never loaded). */
function importsOf(source: string): string[] {
  const found: string[] = []
  const statements = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm
  for (const match of source.matchAll(statements)) found.push(match[1])
  for (const match of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1])
  return found
}

function resolveSource(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@shared/')
    ? path.join(root, 'shared', specifier.slice('@shared/'.length))
    : path.resolve(path.dirname(from), specifier)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (candidate.endsWith('.d.ts')) return null
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate
  }
  return null
}

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

/** Bare packages main's bundle leaves as imports (electron-vite externalizes every dependency). */
function mainRuntimeImports(entry: string): Set<string> {
  const packages = new Set<string>()
  const seen = new Set<string>()
  const queue = [entry]
  while (queue.length) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.') || specifier.startsWith('@shared/')) {
        const next = resolveSource(file, specifier)
        if (next) queue.push(next)
      } else if (!specifier.startsWith('node:') && !builtins.has(specifier) && specifier !== 'electron') {
        packages.add(packageName(specifier))
      }
    }
  }
  return packages
}

/**
 * Dependencies only an install script uses, never loaded at run time: better-sqlite3 runs
 * prebuild-install when npm installs it; in the app its binary is the one electron-builder rebuilt.
 */
const installTimeOnly = new Set(['prebuild-install'])

/** The packages and their installed (hoisted) dependencies, optional ones included (sharp's binaries). */
function installedClosure(packages: Iterable<string>): Set<string> {
  const closure = new Set<string>()
  const queue = [...packages]
  while (queue.length) {
    const name = queue.pop()!
    const manifest = path.join(root, 'node_modules', name, 'package.json')
    if (closure.has(name) || installTimeOnly.has(name) || !existsSync(manifest)) continue
    closure.add(name)
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, Record<string, string>>
    queue.push(...Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }))
  }
  return closure
}

const builderConfig = readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')
/** The names in `'!node_modules/!(a|b|c){,/**}'`: top-level folders of node_modules that are packaged. */
const allowlist = (() => {
  const match = /'!node_modules\/!\(([^)]+)\)\{,\/\*\*\}'/.exec(builderConfig)
  return new Set(match ? match[1].split('|') : [])
})()
const topFolder = (name: string) => name.split('/')[0]

describe('what the desktop app bundle holds', () => {
  const imports = mainRuntimeImports(path.join(root, 'desktop/main/index.ts'))
  const closure = installedClosure(imports)

  it('finds main’s run-time packages', () => {
    for (const name of ['better-sqlite3', '@electric-sql/pglite', '@supabase/supabase-js', 'sharp', 'zod']) {
      expect(imports, name).toContain(name)
    }
    expect(closure).toContain('@img/colour')
  })

  it('packages every module main loads at run time, with its dependencies', () => {
    expect(allowlist.size).toBeGreaterThan(0)
    const missing = [...closure].filter((name) => !allowlist.has(topFolder(name)))
    expect(missing, 'add these to the node_modules allowlist in electron-builder.yml').toEqual([])
  })

  it('packages nothing else: no stale allowlist entry, no server or site package', () => {
    const needed = new Set([...closure].map(topFolder))
    expect([...allowlist].filter((entry) => !needed.has(entry))).toEqual([])
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    const left = Object.keys(pkg.dependencies).filter((name) => !closure.has(name))
    expect(left).toEqual(expect.arrayContaining(['hono', 'jsdom', 'nodemailer', 'pino', 'react-dom']))
    for (const name of left) expect(allowlist.has(topFolder(name)), name).toBe(false)
  })
})
