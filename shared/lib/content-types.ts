type Row = readonly [contentType: string, extensions: readonly string[]]
/** Text is always served as UTF-8. */
const text = (type: string, extensions: string[]): Row => [`${type}; charset=utf-8`, extensions]
/** Most image and font types are named after their one extension (`image/png`: `png`). */
const named = (kind: 'image' | 'font', extensions: string[]): Row[] =>
  extensions.map((e) => [`${kind}/${e}`, [e]])

/**
 * The one table of file types the product serves or stores: the site's files, the desktop renderer's
 * `app://` files, image variants and uploaded images. A short list instead of a full MIME database, because
 * the browser admin bundles it too; the first extension of a type is the one files of that type are given.
 */
const table: readonly Row[] = [
  text('text/html', ['html']),
  text('text/javascript', ['js', 'mjs']),
  text('text/css', ['css']),
  text('application/json', ['json', 'map']),
  text('application/xml', ['xml']),
  text('text/plain', ['txt']),
  ['application/manifest+json', ['webmanifest']],
  ['application/wasm', ['wasm']],
  ['image/svg+xml', ['svg']],
  ['image/jpeg', ['jpg', 'jpeg']],
  ...named('image', ['png', 'webp', 'avif', 'gif', 'bmp']),
  ['image/x-icon', ['ico']],
  ['image/vnd.microsoft.icon', ['ico']],
  ...named('font', ['woff2', 'woff', 'ttf']),
]

const byExtension = new Map<string, string>()
const byType = new Map<string, string>()
for (const [contentType, extensions] of table) {
  for (const extension of extensions) if (!byExtension.has(extension)) byExtension.set(extension, contentType)
  byType.set(contentType.split(';')[0]!, extensions[0]!)
}

/** The extension of a file name or path, lower-cased and without its dot ('' when it has none). */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1)
  const dot = base.lastIndexOf('.')
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : ''
}

/** The content type of files with an extension (`png`, without the dot), or undefined for an unknown one. */
export function contentTypeForExtension(extension: string): string | undefined {
  return byExtension.get(extension.toLowerCase())
}

/** The content type of a file by its name (`app.js`, `/assets/logo.svg`), or undefined. */
export function contentTypeOf(fileName: string): string | undefined {
  return contentTypeForExtension(extensionOf(fileName))
}

/** The extension files of a content type are given (`image/jpeg` → `jpg`), or undefined for an unknown type. */
export function extensionFor(contentType: string): string | undefined {
  return byType.get(contentType.split(';')[0]!.trim().toLowerCase())
}
