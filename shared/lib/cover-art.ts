import type { BlogType } from './post-types.ts'

/**
 * The drawn cover's backdrop, in one place: a night gradient, a soft glow, the brand's dot pattern fading
 * out, and rings in a corner. The sample covers (scripts/illustrations/seed-covers.mjs) draw their motif on
 * it, the Open Graph image (server/web/og-image.ts) its title, and a post without a cover shows it as is
 * (shared/ui/GeneratedCover.tsx). Returns SVG markup for the inside of an `<svg>`; pure, no DOM.
 */

/** A length in the picture's units (pixels), or a share of its size such as '84%'. */
export type Length = number | `${number}%`

export interface CoverArt {
  /** The background runs from `from` to `to` along `angle` (CSS degrees; 135: from the top-left corner). */
  from: string
  to: string
  angle?: number
  glow: { color: string; x: Length; y: Length; r: Length; opacity: number }
  /** The dot pattern: one dot per `spacing` pixels, gone by `fade` of the way from the `from` corner. */
  dots: { spacing: number; r: number; opacity: number; fade: number; from: 'top left' | 'top right' }
  /** White circles: an outline (`stroke` opacity, `line` wide) or a disc (`fill` opacity). */
  rings: readonly { x: Length; y: Length; r: Length; stroke?: number; fill?: number }[]
  line?: number
  /**
   * Prefix of the drawing's ids. What they name is measured against the shape that uses it, never against
   * the picture's size, so covers of different sizes that draw the same picture may share them.
   */
  id?: string
}

/** The type's colours on the sample covers and the Open Graph image (night indigo, violet, teal). */
export const coverPalettes: Record<
  BlogType,
  { deep: string; mid: string; bright: string; glow: string; soft: string; pale: string }
> = {
  blog: {
    deep: '#0b0f2e',
    mid: '#1e1b4b',
    bright: '#4f46e5',
    glow: '#818cf8',
    soft: '#a5b4fc',
    pale: '#c7d2fe',
  },
  'case study': {
    deep: '#1a0b2e',
    mid: '#3b0d4f',
    bright: '#a21caf',
    glow: '#d946ef',
    soft: '#f0abfc',
    pale: '#f5d0fe',
  },
  ebook: {
    deep: '#03161f',
    mid: '#0c3140',
    bright: '#0e7490',
    glow: '#22d3ee',
    soft: '#a5f3fc',
    pale: '#cffafe',
  },
}

const round = (n: number) => Number(n.toFixed(3))

export function coverArt({ from, to, angle = 135, glow, dots, rings, line = 2, id = '' }: CoverArt): string {
  // A CSS angle as the gradient's ends in the picture's box (135°: corner to corner).
  const a = (angle * Math.PI) / 180
  const half = (Math.abs(Math.sin(a)) + Math.abs(Math.cos(a))) / 2
  const [dx, dy] = [Math.sin(a) * half, -Math.cos(a) * half]
  const [fx1, fx2] = dots.from === 'top left' ? [0, 1] : [1, 0]
  // A glow placed in pixels is measured in pixels (sharp draws that one smoothly); one placed in shares of
  // the size is measured against its own circle, since a share would be taken of the drawing defining it.
  const glowUnits =
    typeof glow.r === 'number'
      ? ` cx="${glow.x}" cy="${glow.y}" r="${glow.r}" gradientUnits="userSpaceOnUse"`
      : ''
  const ring = ({ x, y, r, stroke, fill }: CoverArt['rings'][number]) =>
    stroke === undefined
      ? `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${fill}"/>`
      : `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="#fff" stroke-opacity="${stroke}" stroke-width="${line}"/>`
  return `<defs>
    <linearGradient id="${id}bg" x1="${round(0.5 - dx)}" y1="${round(0.5 - dy)}" x2="${round(0.5 + dx)}" y2="${round(0.5 + dy)}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
    <radialGradient id="${id}glow"${glowUnits}><stop offset="0" stop-color="${glow.color}" stop-opacity="${glow.opacity}"/><stop offset="1" stop-color="${glow.color}" stop-opacity="0"/></radialGradient>
    <pattern id="${id}dots" width="${dots.spacing}" height="${dots.spacing}" patternUnits="userSpaceOnUse"><circle cx="${dots.spacing / 2}" cy="${dots.spacing / 2}" r="${dots.r}" fill="#fff" fill-opacity="${dots.opacity}"/></pattern>
    <linearGradient id="${id}fade" x1="${fx1}" y1="0" x2="${fx2}" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="${dots.fade}" stop-color="#fff" stop-opacity="0"/></linearGradient>
    <mask id="${id}dotmask" maskContentUnits="objectBoundingBox"><rect width="1" height="1" fill="url(#${id}fade)"/></mask>
  </defs>
  <rect width="100%" height="100%" fill="url(#${id}bg)"/>
  <circle cx="${glow.x}" cy="${glow.y}" r="${glow.r}" fill="url(#${id}glow)"/>
  <rect width="100%" height="100%" fill="url(#${id}dots)" mask="url(#${id}dotmask)"/>
  ${rings.map(ring).join('\n  ')}`
}
