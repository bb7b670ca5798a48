import { brand } from '@shared/config/brand.ts'
import { ComparisonGrid } from '@site/components/ui/ComparisonGrid.tsx'
import { Mark } from '@site/components/ui/Mark.tsx'
import { Section } from '@site/components/ui/Section.tsx'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { comparisonAlternatives, comparisonRows } from '@site/content/comparison.ts'

/** The home comparison against staffing agencies, outsourcers and HR consultants: every cell a mark and a text. */
export function ComparisonTable() {
  return (
    <Section tone="tinted" labelledBy="comparison-title">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:items-end">
        <SectionHeading
          id="comparison-title"
          align="left"
          eyebrow="Compare"
          title={`How ${brand.name} compares`}
        />
        <p className="text-lead text-pretty text-ink-600 lg:pb-1">
          Agencies find people, outsourcers rent them, consultants advise. We build a team that is yours.
        </p>
      </div>
      <ComparisonGrid
        labelledBy="comparison-title"
        columns={['Factor', brand.name, ...comparisonAlternatives]}
        highlight={0}
        minWidthClass="min-w-[720px]"
        className="mt-10"
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
