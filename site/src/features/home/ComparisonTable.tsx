import { brand } from '@shared/config/brand.ts'
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
        <div
          role="region"
          aria-labelledby="comparison-title"
          tabIndex={0}
          className="relative mt-12 overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          <table className="w-full min-w-[760px] text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="px-5 py-4 font-semibold text-slate-900">
                  Factor
                </th>
                <th scope="col" className="bg-indigo-50 px-5 py-4 font-semibold text-indigo-800">
                  {brand.name}
                </th>
                {comparisonAlternatives.map((name) => (
                  <th key={name} scope="col" className="px-5 py-4 font-semibold text-slate-900">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {comparisonRows.map((row) => (
                <tr key={row.factor}>
                  <th scope="row" className="px-5 py-4 font-medium text-slate-900">
                    {row.factor}
                  </th>
                  {row.cells.map((cell, i) => (
                    <td key={i} className={`px-5 py-4 ${i === 0 ? 'bg-indigo-50/60 font-medium text-slate-900' : 'text-slate-600'}`}>
                      <span className="flex items-start gap-2">
                        <Mark mark={cell.mark} />
                        <span>{cell.text}</span>
                      </span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  )
}
