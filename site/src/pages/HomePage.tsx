import { CtaBand } from '@site/features/marketing/CtaBand.tsx'
import { AdvantageSection } from '@site/features/home/AdvantageSection.tsx'
import { DifferenceSection } from '@site/features/home/DifferenceSection.tsx'
import { FrameworkSection } from '@site/features/home/FrameworkSection.tsx'
import { Hero } from '@site/features/home/Hero.tsx'
import { Testimonials } from '@site/features/home/Testimonials.tsx'

/**
 * Home: every section of spec §1, each story told once. The framework circles are the three steps of How It
 * Works and carry the four services (Learn more); the Advantage section holds the one comparison table, and
 * the highlight cards with "why different" are a section of their own.
 */
export function Component() {
  return (
    <>
      <Hero />
      <FrameworkSection />
      <AdvantageSection />
      <DifferenceSection />
      <Testimonials />
      <CtaBand />
    </>
  )
}
