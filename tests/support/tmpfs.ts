import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * A small tmpfs mounted for a test: a disk that really fills up, or one that is really read-only. Needs
 * root (or CAP_SYS_ADMIN); `canMountTmpfs` says whether this machine allows it, so tests can skip with that
 * reason instead of failing.
 */
export interface Tmpfs {
  dir: string
  unmount(): void
}

export function mountTmpfs(options: { size: string; readOnly?: boolean }): Tmpfs {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'meridian-tmpfs-'))
  execFileSync(
    'mount',
    ['-t', 'tmpfs', '-o', `size=${options.size}${options.readOnly ? ',ro' : ''}`, 'tmpfs', dir],
    {
      stdio: 'ignore',
    },
  )
  return {
    dir,
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' })
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

function probe(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false
  try {
    mountTmpfs({ size: '64k' }).unmount()
    return true
  } catch {
    return false
  }
}

export const canMountTmpfs = probe()
