/** Points in order, each its number in a circle beside a title and a line of text, on a light or night tone. */
export function NumberedSteps({
  items,
  tone,
  className,
}: {
  items: readonly { title: string; text: string }[]
  tone: 'light' | 'dark'
  className: string
}) {
  const dark = tone === 'dark'
  return (
    <ol className={className}>
      {items.map((item, i) => (
        <li key={item.title} className="flex gap-4">
          <span
            aria-hidden="true"
            className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ring-1 ${dark ? 'bg-brand-500/20 text-brand-200 ring-brand-400/40' : 'bg-brand-50 text-brand-700 ring-brand-200'}`}
          >
            {i + 1}
          </span>
          <span>
            <span className={`block ${dark ? 'font-medium text-white' : 'font-semibold text-ink-900'}`}>
              {item.title}
            </span>
            <span className={`mt-1 block text-sm leading-6 ${dark ? 'text-ink-400' : 'text-ink-600'}`}>
              {item.text}
            </span>
          </span>
        </li>
      ))}
    </ol>
  )
}
