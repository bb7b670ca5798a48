/**
 * The static content types of spec §3. Marketing copy lives in typed data files next to this one,
 * so sections render data instead of spreading literals through JSX.
 */

/** Accent colours the design system knows; each maps to a fixed set of Tailwind classes. */
export type Accent = 'indigo' | 'violet' | 'sky' | 'emerald'

/** A title and a line about it: a feature of an offering, a part of the framework. */
export interface TitledText {
  title: string
  description: string
}

/** A service card on the home page (spec: offering). */
export interface Offering {
  title: string
  description: string
  color: Accent
  features: TitledText[]
  /** Shown when the visitor opens "Learn more". */
  details: string
}

/** A client quote. `sample: true` marks illustrative marketing content, not a real client. */
export interface Testimonial {
  content: string
  author: string
  position: string
  /** URL of a drawn avatar bundled with the site (an illustration, never a photo; no external host). */
  avatar: string
  rating: 1 | 2 | 3 | 4 | 5
  sample: true
}

/** One step of "How It Works": always four features. */
export interface ProcessStep {
  id: string
  title: string
  description: string
  features: [string, string, string, string]
}

export type BenefitIcon = 'sparkles' | 'rocket' | 'key'

/** A highlight card of the Advantage section. `position` places it in the desktop triangle layout. */
export interface BenefitItem {
  icon: BenefitIcon
  title: string
  points: string[]
  colour: Accent
  position: 'top' | 'bottom-left' | 'bottom-right'
}

export interface ComparisonCell {
  mark: 'check' | 'cross'
  text: string
}

/** A comparison row: the factor and one cell per column (us first, then the alternatives). */
export interface ComparisonRow {
  factor: string
  cells: [ComparisonCell, ComparisonCell, ComparisonCell, ComparisonCell]
}
