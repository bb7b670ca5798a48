/** The two looks: on a light panel ("Why is … different?") and on a night-tone card ("What Happens Next"). */
const tones = {
  light: {
    number: 'bg-brand-50 text-brand-700 ring-brand-200',
    title: 'font-semibold text-ink-900',
    text: 'text-ink-600',
  },
  dark: {
    number: 'bg-brand-500/20 text-brand-200 ring-brand-400/40',
    title: 'font-medium text-white',
    text: 'text-ink-400',
  },
}

/** Points in order, each its number in a circle beside a title and a line of text. */
export function NumberedSteps({
  items,
  tone,
  className,
}: {
  items: readonly { title: string; text: string }[]
  tone: keyof typeof tones
  className: string
}) {
  const look = tones[tone]
  return (
    <ol className={className}>
      {items.map((item, i) => (
        <li key={item.title} className="flex gap-4">
          <span
            aria-hidden="true"
            className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ring-1 ${look.number}`}
          >
            {i + 1}
          </span>
          <span>
            <span className={`block ${look.title}`}>{item.title}</span>
            <span className={`mt-1 block text-sm leading-6 ${look.text}`}>{item.text}</span>
          </span>
        </li>
      ))}
    </ol>
  )
}
