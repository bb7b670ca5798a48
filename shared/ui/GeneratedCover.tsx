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
  return (
    <div
      aria-hidden="true"
      data-testid="generated-cover"
      className={cx('@container relative isolate overflow-hidden text-white', className)}
      style={{
        background: `radial-gradient(circle at ${glowX}% ${glowY}%, oklch(72% 0.16 ${hue + 35} / 0.6), transparent 55%), linear-gradient(${135 + (seed % 60)}deg, oklch(27% 0.1 ${hue}), oklch(47% 0.2 ${hue + 12}))`,
      }}
    >
      <div className="absolute inset-0 -z-10 bg-[radial-gradient(rgba(255,255,255,0.22)_1px,transparent_1.6px)] [mask-image:linear-gradient(to_bottom_left,black,transparent_70%)] bg-[size:14px_14px]" />
      <div className="absolute -right-[12%] -bottom-[30%] -z-10 aspect-square w-[55%] rounded-full border border-white/15" />
      <div className="absolute -right-[4%] -bottom-[18%] -z-10 aspect-square w-[38%] rounded-full border border-white/20" />
      <div className="absolute right-[8%] -bottom-[6%] -z-10 aspect-square w-[20%] rounded-full bg-white/10" />
      <div className="flex h-full flex-col justify-between p-[6%]">
        <span className="self-start rounded-full bg-white/15 px-2.5 py-0.5 text-[11px] font-semibold tracking-wide uppercase ring-1 ring-white/25 @md:text-xs">
          {blogTypeLabel(type)}
        </span>
      </div>
    </div>
  )
}
