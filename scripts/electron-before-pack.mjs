// electron-builder `beforePack` hook (electron-builder.yml): puts the target's sharp binaries into
// node_modules before the app files are collected.
//
// sharp loads its native code from @img/sharp-<platform>-<arch> (+ @img/sharp-libvips-<platform>-<arch>),
// optional dependencies npm installs for the host only. Packaging the macOS or Windows app from another
// machine therefore needs that platform's packages too. They are installed with npm's --os/--cpu into a
// temporary folder and copied into node_modules/@img: running `npm install --os=… --cpu=…` in the project
// itself would re-resolve the whole tree for that platform and remove the host's binaries (sharp, esbuild,
// rolldown, …). electron-builder.yml then packages only the target platform's @img folders.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** builder-util's `Arch` enum, by value. */
const archNames = ['ia32', 'x64', 'armv7l', 'arm64', 'universal']

/**
 * The sharp packages a target needs: `[{ name, version, os, cpu }]`, from sharp's own optionalDependencies.
 * `platform` is Electron's (darwin, mas, win32, linux), `arch` electron-builder's (x64, arm64, armv7l,
 * ia32, universal: both macOS architectures). Throws when sharp publishes no binary for the target.
 */
export function sharpPackagesFor(platform, arch, optionalDependencies) {
  const targetOs = platform === 'mas' ? 'darwin' : platform
  const cpus = arch === 'universal' ? ['x64', 'arm64'] : [arch === 'armv7l' ? 'arm' : arch]
  const wanted = []
  for (const cpu of cpus) {
    const binary = `@img/sharp-${targetOs}-${cpu}`
    if (!optionalDependencies[binary]) {
      throw new Error(`sharp has no prebuilt binary for ${targetOs}-${cpu} (${binary}).`)
    }
    for (const name of [binary, `@img/sharp-libvips-${targetOs}-${cpu}`]) {
      if (optionalDependencies[name])
        wanted.push({ name, version: optionalDependencies[name], os: targetOs, cpu })
    }
  }
  return wanted
}

function installedVersion(projectDir, name) {
  try {
    return JSON.parse(readFileSync(path.join(projectDir, 'node_modules', name, 'package.json'), 'utf8'))
      .version
  } catch {
    return null
  }
}

function runNpm(args, cwd) {
  // Under `npm run desktop:dist` npm_execpath is npm's own CLI script: run it with this Node.
  const npmCli = process.env.npm_execpath
  if (npmCli && /\.[cm]?js$/.test(npmCli))
    execFileSync(process.execPath, [npmCli, ...args], { cwd, stdio: 'inherit' })
  else execFileSync('npm', args, { cwd, stdio: 'inherit', shell: process.platform === 'win32' })
}

/** Installs the missing target packages (same versions as the project's sharp) into node_modules/@img. */
export function ensureSharpBinaries({ platform, arch, projectDir = process.cwd(), log = console.log }) {
  const sharp = JSON.parse(readFileSync(path.join(projectDir, 'node_modules/sharp/package.json'), 'utf8'))
  const wanted = sharpPackagesFor(platform, arch, sharp.optionalDependencies ?? {})
  const missing = wanted.filter((pkg) => installedVersion(projectDir, pkg.name) !== pkg.version)
  if (missing.length === 0) {
    log(`  • sharp binaries for ${platform}-${arch}: ${wanted.map((pkg) => pkg.name).join(', ')}`)
    return []
  }
  for (const cpu of new Set(missing.map((pkg) => pkg.cpu))) {
    const targetOs = missing[0].os
    const temp = mkdtempSync(path.join(os.tmpdir(), 'meridian-sharp-'))
    try {
      writeFileSync(path.join(temp, 'package.json'), '{ "private": true }\n')
      const flags = [`--os=${targetOs}`, `--cpu=${cpu}`, ...(targetOs === 'linux' ? ['--libc=glibc'] : [])]
      log(`  • installing sharp ${sharp.version} binaries for ${targetOs}-${cpu}`)
      runNpm(
        [
          'install',
          '--no-save',
          '--no-package-lock',
          '--no-audit',
          '--no-fund',
          '--ignore-scripts',
          ...flags,
          `sharp@${sharp.version}`,
        ],
        temp,
      )
      for (const pkg of missing.filter((p) => p.cpu === cpu)) {
        const from = path.join(temp, 'node_modules', pkg.name)
        if (!existsSync(from)) throw new Error(`npm did not install ${pkg.name} for ${targetOs}-${cpu}.`)
        const to = path.join(projectDir, 'node_modules', pkg.name)
        rmSync(to, { recursive: true, force: true })
        cpSync(from, to, { recursive: true })
      }
    } finally {
      rmSync(temp, { recursive: true, force: true })
    }
  }
  return missing.map((pkg) => pkg.name)
}

/** The hook: `context.electronPlatformName` and `context.arch` (an Arch enum value) name the target. */
export default async function beforePack(context) {
  const arch = typeof context.arch === 'number' ? archNames[context.arch] : String(context.arch)
  ensureSharpBinaries({
    platform: context.electronPlatformName,
    arch,
    projectDir: context.packager.projectDir,
  })
}
