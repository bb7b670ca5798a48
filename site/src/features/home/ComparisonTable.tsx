import { brand } from '@shared/config/brand.ts'
import { ComparisonGrid } from '@site/components/ui/ComparisonGrid.tsx'
import { SectionHeading } from '@site/components/ui/SectionHeading.tsx'
import { comparisonAlternatives, comparisonRows } from '@site/content/comparison.ts'
import { Mark } from '@site/components/ui/Mark.tsx'

/** The home comparison against staffing agencies, outsourcers and HR consultants: every cell a mark and a text. */
export function ComparisonTable() {
  return (
    <section aria-labelledby="comparison-title" className="bg-slate-50 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <SectionHeading
          id="comparison-title"
          eyebrow="Compare"
          title={`How ${brand.name} compares`}
          lead="Agencies find people, outsourcers rent them, consultants advise. We build a team that is yours."
        />
        <ComparisonGrid
          labelledBy="comparison-title"
          columns={['Factor', brand.name, ...comparisonAlternatives]}
          highlight={0}
          minWidthClass="min-w-[760px]"
          className="mt-12"
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
      </div>
    </section>
  )
}
