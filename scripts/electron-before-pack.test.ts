import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ensureSharpBinaries, sharpPackagesFor } from './electron-before-pack.mjs'

const root = path.resolve(import.meta.dirname, '..')
const sharp = JSON.parse(readFileSync(path.join(root, 'node_modules/sharp/package.json'), 'utf8')) as {
  version: string
  optionalDependencies: Record<string, string>
}
const names = (platform: string, arch: string) =>
  sharpPackagesFor(platform, arch, sharp.optionalDependencies).map((pkg) => pkg.name)

describe('sharp binaries per desktop target', () => {
  it('names the sharp and libvips packages of each platform and architecture', () => {
    expect(names('darwin', 'arm64')).toEqual(['@img/sharp-darwin-arm64', '@img/sharp-libvips-darwin-arm64'])
    expect(names('mas', 'x64')).toEqual(['@img/sharp-darwin-x64', '@img/sharp-libvips-darwin-x64'])
    expect(names('darwin', 'universal')).toEqual([
      '@img/sharp-darwin-x64',
      '@img/sharp-libvips-darwin-x64',
      '@img/sharp-darwin-arm64',
      '@img/sharp-libvips-darwin-arm64',
    ])
    // Windows packages carry libvips inside.
    expect(names('win32', 'x64')).toEqual(['@img/sharp-win32-x64'])
    expect(names('linux', 'armv7l')).toEqual(['@img/sharp-linux-arm', '@img/sharp-libvips-linux-arm'])
    expect(sharpPackagesFor('win32', 'x64', sharp.optionalDependencies)[0].version).toBe(sharp.version)
  })

  it('refuses a target sharp publishes no binary for', () => {
    expect(() => names('win32', 'armv7l')).toThrow('sharp has no prebuilt binary for win32-arm')
  })

  it('installs nothing when the target is the host and its binaries are there', () => {
    if (process.platform !== 'linux' || process.arch !== 'x64') return
    const lines: string[] = []
    expect(
      ensureSharpBinaries({ platform: 'linux', arch: 'x64', projectDir: root, log: (l) => lines.push(l) }),
    ).toEqual([])
    expect(lines[0]).toContain('@img/sharp-linux-x64')
  })
})
