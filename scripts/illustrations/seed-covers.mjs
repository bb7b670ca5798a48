// Draws the covers of the sample posts (supabase/seed.sql) into site/public/covers/<slug>.webp: 1600×900
// compositions in the brand's colours (night indigo, saffron accents; case studies in violet, ebooks in
// teal, as the drawn covers of posts without one), each with a motif from its post and no text (the title
// is always next to the cover). SVG rendered by sharp. Prints each file's size and the version seed.sql
// puts in its URL (`?v=`, the first 10 hex digits of the file's MD5, which the variant endpoint checks).
// Run: npx tsx scripts/illustrations/seed-covers.mjs
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { coverArt, coverPalettes as palettes } from '../../shared/lib/cover-art.ts'

const root = path.resolve(import.meta.dirname, '../..')
const outDir = path.join(root, 'site/public/covers')
const W = 1600
const H = 900

const saffron = '#fbbf24'
const saffronDeep = '#f59e0b'

// A tiny seeded random, so a re-run draws exactly the same pictures.
function random(seed) {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0
    s = Math.imul(s ^ (s >>> 13), 3266489909) >>> 0
    return ((s ^ (s >>> 16)) >>> 0) / 4294967296
  }
}
const f = (n) => Number(n.toFixed(1))

/** The drawn cover's backdrop, with the saffron glow (`#warm`) the motifs light their places with. */
function backdrop(p, { glowX = 1150, glowY = 250, rings = true } = {}) {
  return `<defs>
    <radialGradient id="warm" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${saffron}" stop-opacity=".75"/><stop offset="1" stop-color="${saffron}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  ${coverArt({
    from: p.deep,
    to: p.mid,
    glow: { color: p.glow, x: glowX, y: glowY, r: 700, opacity: 0.45 },
    dots: { spacing: 24, r: 1.6, opacity: 0.22, fade: 0.65, from: 'top left' },
    rings: rings
      ? [
          { x: 1480, y: 980, r: 520, stroke: 0.08 },
          { x: 1480, y: 980, r: 360, stroke: 0.12 },
        ]
      : [],
  })}`
}

/** A rounded panel like the site's cards on a night section. */
const panel = (x, y, w, h, r = 28, opacity = 0.07) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="#fff" fill-opacity="${opacity}" stroke="#fff" stroke-opacity=".14" stroke-width="2"/>`

/** A person: head and shoulders, as on the site's drawn avatars. */
const person = (x, y, s, fill, opacity = 1) =>
  `<g fill="${fill}" fill-opacity="${opacity}"><circle cx="${f(x)}" cy="${f(y - s * 0.35)}" r="${f(s * 0.28)}"/>` +
  `<path d="M${f(x - s * 0.5)} ${f(y + s * 0.5)}a${f(s * 0.5)} ${f(s * 0.45)} 0 0 1 ${f(s)} 0z"/></g>`

const check = (x, y, s, color) =>
  `<path d="M${f(x - s * 0.45)} ${f(y)}l${f(s * 0.32)} ${f(s * 0.32)}l${f(s * 0.6)} ${f(-s * 0.62)}" fill="none" stroke="${color}" stroke-width="${f(s * 0.16)}" stroke-linecap="round" stroke-linejoin="round"/>`

const india = readFileSync(path.join(root, 'site/src/assets/illustrations/india-hubs.svg'))

const covers = {
  // India's hubs, linked to headquarters far away: why startups build centres there.
  'why-startups-are-building-tech-capacity-centres-in-india': () => {
    const p = palettes.blog
    const map = `data:image/svg+xml;base64,${india.toString('base64')}`
    // Where scripts/illustrations/india-map.mjs puts the hub cities, scaled to where the map is drawn here.
    const scale = 620 / 526
    const hubs = [
      [77.1, 28.5],
      [73.86, 18.52],
      [78.49, 17.39],
      [77.59, 12.97],
      [80.27, 13.08],
    ].map(([lon, lat]) => [
      800 + (10 + (lon - 67.5) * 18 * Math.cos((22 * Math.PI) / 180)) * scale,
      140 + (10 + (36.2 - lat) * 18) * scale,
    ])
    const hq = [
      [150, 180],
      [260, 120],
      [110, 330],
    ]
    // One route to each hub, from the office nearest in the list.
    const arcs = hubs
      .map(([x, y], i) => {
        const [hx, hy] = hq[i % hq.length]
        {
          const cx = (hx + x) / 2
          const cy = Math.min(hy, y) - 220
          return `<path d="M${hx} ${hy}Q${f(cx)} ${f(cy)} ${f(x)} ${f(y)}" fill="none" stroke="${saffron}" stroke-opacity=".55" stroke-width="3" stroke-dasharray="2 14" stroke-linecap="round"/>`
        }
      })
      .join('')
    const offices = hq
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="34" fill="url(#warm)"/><circle cx="${x}" cy="${y}" r="9" fill="#fff"/>`,
      )
      .join('')
    return `${backdrop(p, { glowX: 1080, glowY: 520 })}
    <image href="${map}" x="800" y="140" width="620" height="631" opacity=".95"/>
    ${arcs}${offices}
    ${panel(96, 560, 520, 220)}
    ${[0, 1, 2].map((i) => `<rect x="140" y="${610 + i * 52}" width="${[270, 210, 240][i]}" height="20" rx="10" fill="#fff" fill-opacity="${[0.5, 0.28, 0.2][i]}"/>`).join('')}
    ${[0, 1, 2, 3].map((i) => person(470 + (i % 2) * 70, 640 + Math.floor(i / 2) * 86, 54, i === 0 ? saffron : p.soft, i === 0 ? 1 : 0.75)).join('')}`
  },

  // Fourteen days on a calendar, a funnel from millions of profiles to one signed offer.
  'hiring-in-two-weeks-how-our-talent-acquisition-works': () => {
    const p = palettes.blog
    const rnd = random(14)
    const cells = []
    for (let d = 0; d < 14; d++) {
      const x = 120 + (d % 7) * 96
      const y = 420 + Math.floor(d / 7) * 96
      const done = d < 13
      cells.push(
        `<rect x="${x}" y="${y}" width="80" height="80" rx="16" fill="${d === 13 ? saffron : p.bright}" fill-opacity="${d === 13 ? 1 : done ? 0.35 + (d / 14) * 0.5 : 0.15}" stroke="#fff" stroke-opacity=".15"/>`,
      )
    }
    cells.push(check(120 + 6 * 96 + 40, 420 + 96 + 40, 44, p.deep))
    // The funnel: many dots on the left narrowing to one on the right.
    const dots = []
    for (let i = 0; i < 260; i++) {
      const t = rnd()
      const x = 900 + t * 520
      const spread = (1 - t) ** 1.4 * 300 + 6
      const y = 450 + (rnd() - 0.5) * 2 * spread
      dots.push(
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(3 + t * 4)}" fill="${t > 0.85 ? saffron : p.soft}" fill-opacity="${f(0.25 + t * 0.6)}"/>`,
      )
    }
    return `${backdrop(p, { glowX: 1350, glowY: 450 })}
    ${panel(80, 300, 720, 330)}
    <rect x="120" y="340" width="260" height="22" rx="11" fill="#fff" fill-opacity=".55"/>
    <path d="M900 150Q1200 450 1440 450M900 750Q1200 450 1440 450" fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="2"/>
    ${dots.join('')}
    <circle cx="1450" cy="450" r="70" fill="url(#warm)"/>
    ${person(1450, 458, 64, '#fff')}
    ${cells.join('')}`
  },

  // A retention curve that stays high, quarterly pulses on it, and a team that stays together.
  'retention-is-a-product-keeping-engineers-for-years': () => {
    const p = palettes.blog
    const pts = []
    for (let i = 0; i <= 40; i++) {
      const x = 140 + i * 33
      const y = 330 + 40 * (1 - Math.exp(-i / 6)) + Math.sin(i / 2.2) * 8
      pts.push([x, y])
    }
    const line = `M${pts.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}`
    const area = `${line}L${pts.at(-1)[0]} 780L140 780Z`
    const industry = pts.map(([x], i) => [x, 330 + 330 * (1 - Math.exp(-i / 14))])
    const industryLine = `M${industry.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}`
    const pulses = [8, 16, 24, 32, 40]
      .map((i) => {
        const [x, y] = pts[i]
        return `<circle cx="${f(x)}" cy="${f(y)}" r="26" fill="url(#warm)"/><circle cx="${f(x)}" cy="${f(y)}" r="9" fill="${saffron}" stroke="${p.deep}" stroke-width="4"/>`
      })
      .join('')
    return `${backdrop(p, { glowX: 500, glowY: 300 })}
    <defs><linearGradient id="area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.glow}" stop-opacity=".45"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></linearGradient></defs>
    ${[0, 1, 2, 3].map((i) => `<line x1="140" x2="1460" y1="${330 + i * 150}" y2="${330 + i * 150}" stroke="#fff" stroke-opacity=".08" stroke-width="2"/>`).join('')}
    <path d="${area}" fill="url(#area)"/>
    <path d="${industryLine}" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="4" stroke-dasharray="4 14" stroke-linecap="round"/>
    <path d="${line}" fill="none" stroke="${p.soft}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
    ${pulses}
    ${panel(1080, 90, 400, 150, 24, 0.09)}
    ${[0, 1, 2, 3, 4].map((i) => person(1140 + i * 70, 172, 56, i === 2 ? saffron : p.soft, 0.9)).join('')}`
  },

  // Twelve engineers joining a platform in four weekly steps.
  'case-study-fintech-platform-team-in-4-weeks': () => {
    const p = palettes['case study']
    const nodes = []
    for (let i = 0; i < 12; i++) {
      const col = i % 4
      const row = Math.floor(i / 4)
      nodes.push([880 + col * 150, 220 + row * 150, col])
    }
    const links = nodes
      .flatMap(([x, y], i) =>
        nodes
          .slice(i + 1)
          .filter(([x2, y2]) => Math.abs(x2 - x) + Math.abs(y2 - y) === 150)
          .map(
            ([x2, y2]) =>
              `<line x1="${x}" y1="${y}" x2="${x2}" y2="${y2}" stroke="#fff" stroke-opacity=".18" stroke-width="3"/>`,
          ),
      )
      .join('')
    const people = nodes
      .map(
        ([x, y, col]) =>
          `<circle cx="${x}" cy="${y}" r="50" fill="${p.bright}" fill-opacity="${0.25 + col * 0.2}" stroke="#fff" stroke-opacity=".25" stroke-width="2"/>${person(x, y + 6, 50, '#fff', 0.6 + col * 0.13)}`,
      )
      .join('')
    const weeks = [0, 1, 2, 3]
      .map(
        (i) =>
          `<rect x="${880 + i * 150 - 60}" y="700" width="120" height="16" rx="8" fill="${i === 3 ? saffron : p.soft}" fill-opacity="${i === 3 ? 1 : 0.35 + i * 0.15}"/>`,
      )
      .join('')
    // The platform the team builds: stacked layers.
    const layers = [0, 1, 2]
      .map(
        (i) =>
          `<path d="M${180} ${520 - i * 90}l260 -110l260 110l-260 110z" fill="${i === 2 ? saffron : p.bright}" fill-opacity="${i === 2 ? 0.85 : 0.35 + i * 0.2}" stroke="#fff" stroke-opacity=".3" stroke-width="2"/>`,
      )
      .join('')
    return `${backdrop(p, { glowX: 1100, glowY: 380 })}
    ${layers}
    <path d="M440 640l0 90" stroke="#fff" stroke-opacity=".2" stroke-width="2" stroke-dasharray="4 8"/>
    ${links}${people}${weeks}`
  },

  // From one engineer to a company of their own: a team growing outward, and a heartbeat for health.
  'case-study-health-tech-dedicated-company': () => {
    const p = palettes['case study']
    const cx = 1060
    const cy = 430
    const rings = [
      [0, 1],
      [150, 6],
      [270, 12],
    ]
    const parts = []
    for (const [r, n] of rings) {
      if (r)
        parts.push(
          `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#fff" stroke-opacity=".14" stroke-width="2"/>`,
        )
      for (let i = 0; i < n; i++) {
        const a = (i / n) * Math.PI * 2 - Math.PI / 2 + (r === 270 ? 0.26 : 0)
        const x = cx + Math.cos(a) * r
        const y = cy + Math.sin(a) * r
        if (r)
          parts.push(
            `<line x1="${cx}" y1="${cy}" x2="${f(x)}" y2="${f(y)}" stroke="#fff" stroke-opacity=".07" stroke-width="2"/>`,
          )
        const size = r === 0 ? 110 : r === 150 ? 60 : 44
        parts.push(
          r === 0
            ? `<circle cx="${cx}" cy="${cy}" r="90" fill="url(#warm)"/>${person(cx, cy + 10, size, '#fff')}`
            : `<circle cx="${f(x)}" cy="${f(y)}" r="${size * 0.72}" fill="${p.bright}" fill-opacity="${r === 150 ? 0.55 : 0.35}"/>${person(x, y + 4, size, '#fff', r === 150 ? 0.85 : 0.6)}`,
        )
      }
    }
    const beat = 'M80 760L420 760L460 700L500 820L545 640L590 780L620 760L860 760'
    return `${backdrop(p, { glowX: 1060, glowY: 430, rings: false })}
    ${parts.join('')}
    <path d="${beat}" fill="none" stroke="${saffron}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/>
    <circle cx="860" cy="760" r="10" fill="${saffron}"/>
    ${panel(80, 140, 520, 300)}
    <rect x="124" y="190" width="250" height="22" rx="11" fill="#fff" fill-opacity=".55"/>
    ${[0, 1, 2].map((i) => `<rect x="124" y="${250 + i * 46}" width="${[420, 360, 390][i]}" height="14" rx="7" fill="#fff" fill-opacity=".2"/>`).join('')}`
  },

  // A guide: a book opened on a route with milestones, and the meridian line that gives the brand its name.
  'founders-guide-to-setting-up-a-gcc-in-india': () => {
    const p = palettes.ebook
    const route = 'M180 700C380 700 380 520 600 520S820 340 1020 340S1240 180 1420 180'
    const stops = [
      [180, 700],
      [600, 520],
      [1020, 340],
      [1420, 180],
    ]
    const marks = stops
      .map(
        ([x, y], i) =>
          `<circle cx="${x}" cy="${y}" r="${i === 3 ? 60 : 40}" fill="${i === 3 ? 'url(#warm)' : p.bright}" fill-opacity="${i === 3 ? 1 : 0.5}"/>` +
          `<circle cx="${x}" cy="${y}" r="${i === 3 ? 18 : 12}" fill="${i === 3 ? saffron : '#fff'}"/>`,
      )
      .join('')
    // The book: two pages with lines of text.
    const book = `<g transform="translate(980 520) rotate(-6)">
      <path d="M0 0L250 -20L250 300L0 320Z" fill="#fff" fill-opacity=".92"/>
      <path d="M0 0L-250 -20L-250 300L0 320Z" fill="#fff" fill-opacity=".82"/>
      <path d="M0 0L0 320" stroke="${p.mid}" stroke-width="4"/>
      ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="30" y="${30 + i * 40}" width="${[180, 150, 190, 120, 170, 100][i]}" height="12" rx="6" fill="${p.bright}" fill-opacity=".45"/>`).join('')}
      ${[0, 1, 2, 3, 4].map((i) => `<rect x="-220" y="${20 + i * 44}" width="${[170, 190, 130, 180, 140][i]}" height="12" rx="6" fill="${p.mid}" fill-opacity=".35"/>`).join('')}
      <rect x="-220" y="250" width="90" height="30" rx="15" fill="${saffronDeep}"/>
    </g>`
    return `${backdrop(p, { glowX: 1300, glowY: 200 })}
    <line x1="430" y1="0" x2="430" y2="${H}" stroke="${saffron}" stroke-opacity=".35" stroke-width="3" stroke-dasharray="3 10"/>
    <path d="${route}" fill="none" stroke="${p.soft}" stroke-opacity=".7" stroke-width="6" stroke-linecap="round"/>
    ${marks}${book}`
  },

  // Thirty days on a path, with the weekly rituals checked off.
  'playbook-onboarding-your-india-team-in-30-days': () => {
    const p = palettes.ebook
    const dots = []
    for (let d = 0; d < 30; d++) {
      const row = Math.floor(d / 10)
      const i = row % 2 === 0 ? d % 10 : 9 - (d % 10)
      const x = 260 + i * 120
      const y = 250 + row * 200
      const milestone = d === 0 || d === 6 || d === 13 || d === 29
      if (milestone)
        dots.push(
          `<circle cx="${x}" cy="${y}" r="54" fill="${d === 29 ? 'url(#warm)' : p.bright}" fill-opacity="${d === 29 ? 1 : 0.6}"/>` +
            `<circle cx="${x}" cy="${y}" r="34" fill="${d === 29 ? saffron : '#fff'}"/>${check(x, y + 2, 30, p.deep)}`,
        )
      else
        dots.push(
          `<circle cx="${x}" cy="${y}" r="14" fill="${p.soft}" fill-opacity="${f(0.35 + (d / 30) * 0.55)}"/>`,
        )
    }
    const path = 'M260 250L1340 250A100 100 0 0 1 1340 450L260 450A100 100 0 0 0 260 650L1340 650'
    return `${backdrop(p, { glowX: 1200, glowY: 650 })}
    <path d="${path}" fill="none" stroke="#fff" stroke-opacity=".16" stroke-width="6" stroke-linecap="round"/>
    <path d="M260 250L1040 250" fill="none" stroke="${p.glow}" stroke-opacity=".5" stroke-width="6" stroke-linecap="round"/>
    ${dots.join('')}`
  },
}

mkdirSync(outDir, { recursive: true })
const results = []
for (const [slug, draw] of Object.entries(covers)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${draw()}</svg>`
  // At most 60 KB each: the quality steps down for a busy picture until it fits.
  let webp
  for (let quality = 82; quality >= 60; quality -= 4) {
    webp = await sharp(Buffer.from(svg)).webp({ quality, effort: 6, smartSubsample: true }).toBuffer()
    if (webp.length <= 60_000) break
  }
  writeFileSync(path.join(outDir, `${slug}.webp`), webp)
  const version = createHash('md5').update(webp).digest('hex').slice(0, 10)
  results.push({ slug, bytes: webp.length, version })
}
for (const r of results) console.log(`${r.slug}.webp  ${r.bytes} bytes  v=${r.version}`)
