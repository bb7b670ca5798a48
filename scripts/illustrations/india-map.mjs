// Draws site/src/assets/illustrations/india-hubs.svg: a dot-matrix map of India with the tech hubs we
// hire in, for the home hero (night tone), and india-hubs-labels.ts: where each hub's name goes, in percent
// of the map. The names are set by the page over the image (an SVG in an <img> cannot use the page's Inter). A simplified outline (about 150 points, longitude/latitude),
// projected equirectangularly and filled with a dot pattern. Run: node scripts/illustrations/india-map.mjs
import { writeFileSync } from 'node:fs'

// Outline, clockwise from the Rann of Kutch: west border, Kashmir, the Himalaya, the north-east, the
// Bangladesh border, the east coast, Kanyakumari, the west coast, Saurashtra.
// prettier-ignore
const outline = [
  [68.2, 23.7], [68.8, 24.3], [69.6, 24.3], [70.6, 24.4], [71.1, 24.7], [70.7, 25.6], [70.2, 26.4],
  [69.5, 26.8], [69.6, 27.3], [70.4, 27.9], [71.2, 28.0], [72.0, 28.5], [72.6, 29.3], [73.3, 29.9],
  [73.9, 30.4], [74.5, 30.9], [74.6, 31.5], [75.1, 32.1], [74.6, 32.6], [74.0, 33.0], [73.8, 33.8],
  [73.9, 34.6], [74.3, 34.9], [75.5, 35.3], [76.4, 35.8], [77.8, 35.5], [78.5, 34.9], [79.4, 35.4],
  [80.2, 35.0], [79.5, 34.2], [78.8, 33.6], [79.2, 32.7], [78.7, 32.3], [78.5, 31.5], [79.0, 31.1],
  [79.6, 30.8], [80.3, 30.4], [81.0, 30.1], [80.4, 29.7], [80.1, 28.9], [81.0, 28.5], [82.1, 27.9],
  [83.3, 27.4], [84.1, 27.5], [84.7, 27.2], [85.5, 26.8], [86.4, 26.5], [87.3, 26.4], [88.1, 26.5],
  [88.1, 27.1], [88.2, 27.9], [88.8, 28.1], [88.9, 27.3], [89.6, 26.8], [90.5, 26.8], [91.4, 26.9],
  [92.1, 26.9], [92.0, 27.5], [92.6, 27.9], [93.3, 28.5], [94.2, 29.1], [95.3, 29.2], [96.1, 29.4],
  [96.6, 28.9], [97.3, 28.3], [96.8, 27.5], [96.0, 27.2], [95.3, 26.6], [94.9, 26.0], [94.6, 25.3],
  [94.3, 24.4], [93.8, 23.9], [93.4, 23.6], [93.3, 22.7], [93.1, 22.1], [92.6, 22.0], [92.3, 23.0],
  [92.1, 23.7], [91.8, 23.2], [91.5, 22.9], [91.2, 23.6], [91.4, 24.1], [92.2, 24.3], [92.4, 24.9],
  [91.7, 25.1], [90.4, 25.2], [89.9, 25.4], [89.8, 26.0], [89.1, 26.3], [88.4, 26.4], [88.2, 25.8],
  [88.5, 25.2], [88.0, 24.6], [88.7, 24.2], [88.6, 23.4], [88.9, 22.7], [89.0, 21.8], [88.3, 21.6],
  [87.5, 21.6], [86.9, 21.0], [86.9, 20.5], [86.3, 19.9], [85.4, 19.6], [84.7, 19.1], [84.1, 18.3],
  [83.3, 17.6], [82.3, 16.8], [82.2, 16.3], [81.3, 15.9], [80.9, 15.7], [80.2, 15.0], [80.1, 13.7],
  [80.3, 13.1], [79.9, 12.1], [79.8, 11.3], [79.9, 10.3], [79.3, 10.3], [78.9, 9.4], [78.2, 8.9],
  [77.5, 8.1], [76.9, 8.6], [76.4, 9.5], [76.2, 10.3], [75.8, 11.3], [75.3, 12.1], [74.8, 13.0],
  [74.5, 14.2], [74.0, 15.1], [73.5, 16.0], [73.3, 17.0], [73.0, 17.9], [72.8, 19.0], [72.8, 20.0],
  [72.9, 20.8], [72.6, 21.4], [72.8, 22.2], [72.3, 22.3], [72.1, 21.6], [71.2, 20.8], [70.4, 20.9],
  [69.6, 21.7], [69.0, 22.3], [69.7, 22.8], [70.4, 23.0], [69.5, 23.1], [68.7, 23.2],
]

export const hubs = [
  { name: 'Delhi NCR', lon: 77.1, lat: 28.5, anchor: 'end', dx: -14, dy: 4 },
  { name: 'Pune', lon: 73.86, lat: 18.52, anchor: 'end', dx: -14, dy: 4 },
  { name: 'Hyderabad', lon: 78.49, lat: 17.39, anchor: 'start', dx: 14, dy: 4 },
  { name: 'Bengaluru', lon: 77.59, lat: 12.97, anchor: 'end', dx: -14, dy: 4 },
  { name: 'Chennai', lon: 80.27, lat: 13.08, anchor: 'start', dx: 14, dy: 4 },
]

const scale = 18
const kx = Math.cos((22 * Math.PI) / 180)
const west = 67.5
const north = 36.2
const pad = 10
const project = ([lon, lat]) => [pad + (lon - west) * scale * kx, pad + (north - lat) * scale]
const points = outline.map(project)
const width = Math.ceil(pad * 2 + (97.8 - west) * scale * kx)
const height = Math.ceil(pad * 2 + (north - 7.6) * scale)

// The dots are a pattern clipped by the outline: a few hundred bytes instead of a thousand circles.
const step = 9

const f = (n) => n.toFixed(1)
const outlinePath = `M${points.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}Z`
const hubMarks = hubs
  .map((h) => {
    const [x, y] = project([h.lon, h.lat])
    return (
      `<circle cx="${f(x)}" cy="${f(y)}" r="14" fill="url(#glow)"/>` +
      `<circle cx="${f(x)}" cy="${f(y)}" r="4.5" fill="#fbbf24" stroke="#0b1020" stroke-width="2"/>`
    )
  })
  .join('')

// Lines from each hub to Bengaluru: one network, not five offices.
const [bx, by] = project([77.59, 12.97])
const links = hubs
  .filter((h) => h.name !== 'Bengaluru')
  .map((h) => {
    const [x, y] = project([h.lon, h.lat])
    const mx = (x + bx) / 2 + (y - by) * 0.12
    const my = (y + by) / 2 - (x - bx) * 0.12
    return `<path d="M${f(x)} ${f(y)}Q${f(mx)} ${f(my)} ${f(bx)} ${f(by)}"/>`
  })
  .join('')

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<defs><radialGradient id="glow"><stop offset="0" stop-color="#fbbf24" stop-opacity=".55"/><stop offset="1" stop-color="#fbbf24" stop-opacity="0"/></radialGradient>
<pattern id="dots" width="${step}" height="${step * 2}" patternUnits="userSpaceOnUse"><circle cx="${step / 2}" cy="${step / 2}" r="1.6" fill="#a5b4fc"/><circle cx="0" cy="${step * 1.5}" r="1.6" fill="#a5b4fc"/><circle cx="${step}" cy="${step * 1.5}" r="1.6" fill="#a5b4fc"/></pattern></defs>
<path d="${outlinePath}" fill="#6366f1" fill-opacity=".1" stroke="#818cf8" stroke-opacity=".5" stroke-width="1.2" stroke-linejoin="round"/>
<path d="${outlinePath}" fill="url(#dots)" opacity=".65"/>
<g fill="none" stroke="#fcd34d" stroke-opacity=".55" stroke-width="1.3" stroke-dasharray="3 4">${links}</g>
<g>${hubMarks}</g>
</svg>
`
writeFileSync(new URL('../../site/src/assets/illustrations/india-hubs.svg', import.meta.url), svg)
console.log(`india-hubs.svg: ${width}×${height}, ${svg.length} bytes`)

// A label starts (or ends, for anchor "end") 14 units beside its hub, centred on the hub vertically.
const pct = (n, of) => Number(((n / of) * 100).toFixed(2))
const labels = hubs.map((h) => {
  const [x, y] = project([h.lon, h.lat])
  return { name: h.name, x: pct(x + h.dx, width), y: pct(y, height), anchor: h.anchor }
})
const labelsModule = `// Generated by scripts/illustrations/india-map.mjs with india-hubs.svg: do not edit.
import type { HubLabel } from './hub-label.ts'

/** The hubs' names on india-hubs.svg (${width}×${height}; a label is 15 units tall there). */
export const hubLabels: HubLabel[] = [
${labels.map((l) => `  { name: '${l.name}', x: ${l.x}, y: ${l.y}, anchor: '${l.anchor}' },`).join('\n')}
]

/** Width of the map's drawing, so label sizes can follow the image's rendered width. */
export const mapWidth = ${width}
`
writeFileSync(
  new URL('../../site/src/assets/illustrations/india-hubs-labels.ts', import.meta.url),
  labelsModule,
)
