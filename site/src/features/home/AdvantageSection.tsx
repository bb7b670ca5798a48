import { brand } from '@shared/config/brand.ts'
import { ComparisonGrid } from '@site/components/ui/ComparisonGrid.tsx'
import { Mark } from '@site/components/ui/Mark.tsx'
import { Section } from '@site/components/ui/Section.tsx'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { comparisonAlternatives, comparisonRows } from '@site/content/comparison.ts'

/**
 * Advantage, on the night tone: the page's one comparison (against the traditional options: agencies,
 * outsourcers, HR consultants). The highlight cards and "why different" follow in a section of their own
 * (DifferenceSection.tsx).
 */
export function AdvantageSection() {
  return (
    <Section tone="dark" labelledBy="advantage-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[32rem] bg-[radial-gradient(40rem_20rem_at_85%_0%,rgba(99,102,241,0.35),transparent)]"
      />
      <SectionHeading
        id="advantage-title"
        align="left"
        tone="dark"
        eyebrow={`The ${brand.name} advantage`}
        title="Faster Than Building Alone, and Still Yours"
      />
      <div className="mt-stack grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:items-end lg:gap-8">
        <h3 id="comparison-title" className="text-2xl font-semibold tracking-tight text-white">
          How {brand.name} Compares
        </h3>
        <p className="text-ink-300 lg:pb-1">
          Agencies find people, outsourcers rent them, consultants advise. We build a team that is yours.
        </p>
      </div>
      <ComparisonGrid
        labelledBy="comparison-title"
        columns={['Factor', brand.name, ...comparisonAlternatives]}
        highlight={0}
        minWidthClass="min-w-[720px]"
        tone="dark"
        rows={comparisonRows.map((row) => ({
          header: row.factor,
          cells: row.cells.map((cell) => (
            <span className="flex items-start gap-2">
              <Mark mark={cell.mark} />
              <span>{cell.text}</span>
            </span>
          )),
        }))}
      />
    </Section>
  )
}
