// Renders the app icons from resources/icon.svg with sharp: `node resources/make-icons.mjs`.
// electron-builder makes the macOS .icns and Windows .ico from icon.png (1024 px); Linux takes the size set.
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const dir = import.meta.dirname
const svg = readFileSync(path.join(dir, 'icon.svg'))
const render = (size, file) =>
  sharp(svg, { density: Math.ceil((72 * size) / 1024) * 4 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(file)

await render(1024, path.join(dir, 'icon.png'))
mkdirSync(path.join(dir, 'icons'), { recursive: true })
for (const size of [16, 32, 48, 64, 128, 256, 512])
  await render(size, path.join(dir, 'icons', `${size}x${size}.png`))
console.log('icons written to resources/')
