import { CtaBand } from '@site/features/marketing/CtaBand.tsx'
import { AdvantageSection } from '@site/features/home/AdvantageSection.tsx'
import { ComparisonTable } from '@site/features/home/ComparisonTable.tsx'
import { FrameworkCircles } from '@site/features/home/FrameworkCircles.tsx'
import { Hero } from '@site/features/home/Hero.tsx'
import { HowItWorks } from '@site/features/home/HowItWorks.tsx'
import { ServicesGrid } from '@site/features/home/ServicesGrid.tsx'
import { Testimonials } from '@site/features/home/Testimonials.tsx'

/** Home: every section of spec §1 in order. */
export function Component() {
  return (
    <>
      <Hero />
      <FrameworkCircles />
      <ComparisonTable />
      <ServicesGrid />
      <AdvantageSection />
      <HowItWorks />
      <Testimonials />
      <CtaBand />
    </>
  )
}
