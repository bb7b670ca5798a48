import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { desktopDownloads } from '../../shared/admin/desktop-downloads.ts'

/**
 * The release workflow and electron-builder's configuration cannot run here (no macOS or Windows runner, no
 * Electron binary): this checks what they say. A version tag builds the app on the three platforms and
 * publishes installers and update metadata; the installer names are the ones the Downloads links use.
 */
const root = path.resolve(import.meta.dirname, '../..')
interface Step {
  uses?: string
  run?: string
  env?: Record<string, string>
}
interface Workflow {
  on: unknown
  permissions: unknown
  jobs: {
    build: {
      'runs-on': string
      strategy: { 'fail-fast': boolean; matrix: { include: unknown[] } }
      steps: Step[]
    }
  }
}
interface BuilderConfig {
  publish: unknown
  npmRebuild: boolean
  asarUnpack: string[]
  mac: { target: Array<{ target: string; arch: string[] }> }
  dmg: { artifactName: string }
  nsis: { artifactName: string }
  appImage: { artifactName: string }
  deb: { artifactName: string }
}
const read = (file: string): unknown => parse(readFileSync(path.join(root, file), 'utf8'))
const workflow = read('.github/workflows/release.yml') as Workflow
const builder = read('electron-builder.yml') as BuilderConfig

describe('the desktop release workflow', () => {
  it('runs on a version tag, with permission to publish a release', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v*.*.*'] } })
    expect(workflow.permissions).toEqual({ contents: 'write' })
  })

  it('builds macOS, Windows and Linux, each on its own runner', () => {
    const job = workflow.jobs.build
    expect(job['runs-on']).toBe('${{ matrix.os }}')
    expect(job.strategy.matrix.include).toEqual([
      { os: 'macos-latest', platform: 'mac' },
      { os: 'windows-latest', platform: 'win' },
      { os: 'ubuntu-latest', platform: 'linux' },
    ])
    expect(job.strategy['fail-fast']).toBe(false)
  })

  it('installs, checks the tag against the version, builds, then packages and publishes', () => {
    const steps = workflow.jobs.build.steps as Array<{
      uses?: string
      run?: string
      env?: Record<string, string>
    }>
    const runs = steps.map((s) => s.run ?? s.uses ?? '')
    const at = (pattern: RegExp) => runs.findIndex((r) => pattern.test(r))
    expect(steps.find((s) => s.uses?.startsWith('actions/setup-node'))).toBeTruthy()
    const order = [
      /^npm ci\b/,
      /package\.json'\)\.version/,
      /^npm run desktop:build$/,
      /electron-builder --\$\{\{ matrix\.platform \}\} --publish always/,
    ]
    const positions = order.map(at)
    expect(
      positions.every((p) => p >= 0),
      `steps: ${runs.join(' | ')}`,
    ).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    const publish = steps[positions[3]!]!
    expect(publish.env?.GH_TOKEN).toBe('${{ secrets.GITHUB_TOKEN }}')
  })
})

describe('electron-builder’s configuration', () => {
  it('publishes to GitHub Releases, with the update metadata electron-updater reads', () => {
    expect(builder.publish).toMatchObject({ provider: 'github' })
    // electron-updater installs macOS updates from the zip.
    expect(builder.mac.target.map((t) => t.target)).toEqual(['dmg', 'zip'])
  })

  it('rebuilds the native offline store for Electron and keeps it out of the asar', () => {
    expect(builder.npmRebuild).toBe(true)
    expect(builder.asarUnpack).toContain('**/node_modules/better-sqlite3/**')
  })

  it('names every installer the Downloads links point at', () => {
    const names: string[] = []
    const expand = (pattern: string, archs: string[], ext: string) =>
      archs.map((arch) => pattern.replace('${arch}', arch).replace('${ext}', ext))
    for (const target of builder.mac.target)
      names.push(...expand(builder.dmg.artifactName, target.arch, 'dmg'))
    names.push(builder.nsis.artifactName, builder.appImage.artifactName, builder.deb.artifactName)
    for (const download of desktopDownloads) expect(names, download.file).toContain(download.file)
  })
})
