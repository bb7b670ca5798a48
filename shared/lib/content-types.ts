/**
 * The one table of file types the product serves or stores: the site's files, the desktop renderer's
 * `app://` files, image variants and uploaded images. A short list instead of a full MIME database, because
 * the browser admin bundles it too; the first extension of a type is the one files of that type are given.
 */
const table: readonly (readonly [contentType: string, extensions: readonly string[]])[] = [
  ['text/html; charset=utf-8', ['html']],
  ['text/javascript; charset=utf-8', ['js', 'mjs']],
  ['text/css; charset=utf-8', ['css']],
  ['application/json; charset=utf-8', ['json', 'map']],
  ['application/xml; charset=utf-8', ['xml']],
  ['application/manifest+json', ['webmanifest']],
  ['application/wasm', ['wasm']],
  ['text/plain; charset=utf-8', ['txt']],
  ['image/svg+xml', ['svg']],
  ['image/png', ['png']],
  ['image/jpeg', ['jpg', 'jpeg']],
  ['image/webp', ['webp']],
  ['image/avif', ['avif']],
  ['image/gif', ['gif']],
  ['image/bmp', ['bmp']],
  ['image/x-icon', ['ico']],
  ['image/vnd.microsoft.icon', ['ico']],
  ['font/woff2', ['woff2']],
  ['font/woff', ['woff']],
  ['font/ttf', ['ttf']],
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
