import { coverArt } from '../lib/cover-art.ts'
import { blogTypeLabel, type BlogType } from '../lib/post-types.ts'
import { cx } from './cx.ts'

/** Each type has its own colour family; the title varies the hue a little so neighbouring cards differ. */
const hues: Record<BlogType, number> = { blog: 277, 'case study': 305, ebook: 190 }

function seedOf(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

/**
 * The glow's reach: 55% of the way from its centre to the farthest corner of a 16:9 cover, as a share of
 * the cover's size (SVG measures a radius against the diagonal).
 */
function glowReach(x: number, y: number): `${number}%` {
  const corner = Math.hypot((Math.max(x, 100 - x) / 100) * 16, (Math.max(y, 100 - y) / 100) * 9)
  return `${(((0.55 * corner) / Math.sqrt((16 ** 2 + 9 ** 2) / 2)) * 100).toFixed(2)}%` as `${number}%`
}

/** Rings in the bottom-right corner, placed for a 16:9 cover (the cards' and the post page's). */
const rings = [
  { x: '84.5%', y: '81.1%', r: '33.9%', stroke: 0.15 },
  { x: '85%', y: '84.2%', r: '23.4%', stroke: 0.2 },
  { x: '82%', y: '88.2%', r: '12.3%', fill: 0.1 },
] as const

/**
 * The cover of a post that has none (spec §2: a placeholder when the image is missing): drawn from the
 * post's type and title in the brand's colours, so every card and post page has a designed cover without an
 * image file. Decorative, and without the title's words: wherever a cover shows, the title is already beside
 * it (the card's heading, the post's h1), and saying it twice side by side read as a mistake. The title only
 * varies the drawing (hue, glow, angle), so neighbouring cards differ.
 */
export function GeneratedCover({
  title,
  type,
  className,
}: {
  title: string
  type: BlogType | null | undefined
  className?: string
}) {
  const seed = seedOf(title)
  const hue = hues[type ?? 'blog'] + (seed % 30) - 15
  const glowX = 55 + (seed % 40)
  const glowY = (seed >>> 5) % 50
  // Made from our numbers and colours only (the title just picks them), so the markup is safe to insert.
  const art = coverArt({
    from: `oklch(27% 0.1 ${hue})`,
    to: `oklch(47% 0.2 ${hue + 12})`,
    angle: 135 + (seed % 60),
    glow: {
      color: `oklch(72% 0.16 ${hue + 35})`,
      x: `${glowX}%`,
      y: `${glowY}%`,
      r: glowReach(glowX, glowY),
      opacity: 0.6,
    },
    dots: { spacing: 14, r: 1.2, opacity: 0.22, fade: 0.7, from: 'top right' },
    rings,
    line: 1,
    // The same ids draw the same picture (type and title), so two such covers on a page may share them.
    id: `cover-${hue}-${seed.toString(36)}-`,
  })
  return (
    <div
      aria-hidden="true"
      data-testid="generated-cover"
      className={cx('@container relative isolate overflow-hidden text-white', className)}
    >
      <svg className="absolute inset-0 -z-10 h-full w-full" dangerouslySetInnerHTML={{ __html: art }} />
      <div className="flex h-full flex-col justify-between p-[6%]">
        <span className="self-start rounded-full bg-white/15 px-2.5 py-0.5 text-[11px] font-semibold tracking-wide uppercase ring-1 ring-white/25 @md:text-xs">
          {blogTypeLabel(type)}
        </span>
      </div>
    </div>
  )
}
