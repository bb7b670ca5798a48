export interface SharpPackage {
  name: string
  version: string
  os: string
  cpu: string
}
export function sharpPackagesFor(
  platform: string,
  arch: string,
  optionalDependencies: Record<string, string>,
): SharpPackage[]
export function ensureSharpBinaries(options: {
  platform: string
  arch: string
  projectDir?: string
  log?: (line: string) => void
}): string[]
export default function beforePack(context: {
  electronPlatformName: string
  arch: number | string
  packager: { projectDir: string }
}): Promise<void>
