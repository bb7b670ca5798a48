import { longDateTime } from '../lib/dates.ts'
import { useId } from 'react'
import { Badge } from '../ui/Badge.tsx'
import { Button } from '../ui/Button.tsx'
import { cx } from '../ui/cx.ts'
import {
  choiceOptions,
  compareFields,
  conflictSummary,
  textDifference,
  type ConflictChoice,
  type ConflictSide,
  type FieldComparison,
  type FieldDisplay,
} from './ConflictComparison.utils.ts'
import { ErrorText } from '../ui/Alert.tsx'
import { RenderedDiff } from './RenderedDiff.tsx'

export interface ConflictComparisonProps {
  /** The editor's version (null: the editor deleted the post). */
  mine: ConflictSide
  /** The server's version (null: deleted on the server). */
  theirs: ConflictSide
  /** Names the post in the heading and in the buttons' accessible names (several comparisons may share a page). */
  postTitle: string
  /** When the server's copy last changed (ISO), if known. */
  theirsChangedAt?: string | null
  headingLevel?: 'h2' | 'h3'
  /** Disables the choices while one is being carried out. */
  busy?: boolean
  /** A failed choice, in words. */
  error?: string | null
  onChoose(choice: ConflictChoice): void
}

/** Words shown of an unchanged long text (the rest is one click away). */
const previewWords = 40

/**
 * "Your version" next to "On the server" for every field an editor can change, the fields that differ
 * marked with a "Changed" badge (not colour alone), and the three ways out: keep mine, keep theirs, keep both.
 */
export function ConflictComparison({
  mine,
  theirs,
  postTitle,
  theirsChangedAt,
  headingLevel: Heading = 'h2',
  busy = false,
  error,
  onChoose,
}: ConflictComparisonProps) {
  const id = useId()
  const rows = compareFields(mine, theirs)
  const options = choiceOptions(mine, theirs)
  const sides = [
    { side: 'mine', present: !!mine, label: 'Your version', deleted: 'You deleted this post' },
    { side: 'theirs', present: !!theirs, label: 'On the server', deleted: 'Deleted on the server' },
  ] as const

  return (
    <section
      aria-labelledby={`${id}-heading`}
      data-testid="conflict-comparison"
      className="@container rounded-xl border border-amber-300 bg-white shadow-sm"
    >
      <div className="space-y-1 rounded-t-xl border-b border-amber-200 bg-amber-50 px-5 py-4">
        <Heading id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          Conflict: “{postTitle}”
        </Heading>
        <p className="text-sm text-amber-900">{conflictSummary(mine, theirs)}</p>
        {theirsChangedAt && (
          <p className="text-xs text-slate-600">
            Changed on the server <time dateTime={theirsChangedAt}>{longDateTime(theirsChangedAt)}</time>
          </p>
        )}
      </div>
      {/* Side by side where there is room; on a narrow screen each field stacks "Your version" over "On the server". */}
      <div className="overflow-x-auto">
        <table className="w-full table-fixed border-collapse text-left text-sm @max-lg:block">
          <caption className="sr-only">
            Your version and the server’s version of “{postTitle}”, field by field
          </caption>
          <colgroup>
            <col className="w-40" />
            <col />
            <col />
          </colgroup>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600 @max-lg:hidden">
            <tr>
              {['Field', ...sides.map((s) => s.label)].map((label) => (
                <th key={label} scope="col" className="px-4 py-2 font-semibold">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="@max-lg:block">
            {rows.map((row, index) => (
              <tr
                key={row.field}
                data-field={row.field}
                data-changed={row.changed || undefined}
                className={cx(
                  'border-b border-slate-100 align-top @max-lg:block @max-lg:py-1',
                  row.changed && 'bg-amber-50/70',
                )}
              >
                <th
                  scope="row"
                  className={cx(
                    'px-4 py-3 font-medium text-slate-700 @max-lg:block @max-lg:pb-1',
                    row.changed && 'border-l-4 border-amber-400 pl-3',
                  )}
                >
                  <span className="block">{row.label}</span>
                  {row.changed && (
                    <Badge variant="warning" className="mt-1">
                      Changed
                    </Badge>
                  )}
                </th>
                {row.field === 'content' && row.changed && mine && theirs ? (
                  // The body as it reads, once across both columns: the server's version with your changes
                  // marked (added words are yours; struck-through ones are only on the server).
                  <td colSpan={2} data-label="Your changes to the server’s version" className={cell}>
                    <RenderedDiff
                      testId="content-diff"
                      before={String(theirs.content ?? '')}
                      after={String(mine.content ?? '')}
                      className="max-h-[32rem] overflow-y-auto rounded-lg border border-slate-200 bg-white p-3"
                    />
                    <p className="mt-1.5 text-xs text-slate-600">
                      <ins className="rounded-sm bg-green-100 px-0.5 text-green-900 no-underline">
                        Marked green
                      </ins>{' '}
                      is in your version only;{' '}
                      <del className="rounded-sm bg-red-100 px-0.5 text-red-900">struck through</del> is on
                      the server only.
                    </p>
                  </td>
                ) : (
                  sides.map(({ side, present, label, deleted }) =>
                    present ? (
                      <td
                        key={side}
                        data-label={label}
                        className={cx(cell, row.changed ? 'text-slate-900' : 'text-slate-600')}
                      >
                        <FieldValue row={row} side={side} />
                      </td>
                    ) : (
                      // A deleted side is one cell down the whole column.
                      index === 0 && <DeletedCell key={side} rowSpan={rows.length} text={deleted} />
                    ),
                  )
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* The choices stay in view at the foot of the scrolling editor, however long the comparison. */}
      <div className="sticky bottom-0 z-10 space-y-3 rounded-b-xl border-t border-amber-200 bg-white/95 px-5 py-4 shadow-[0_-6px_12px_-8px_rgb(15_23_42/0.25)] backdrop-blur-sm">
        <p className="text-sm font-medium text-slate-800">Which version should stay?</p>
        {/* On a phone the buttons share one row and their explanations are read out only, so the choices
            take little of the screen while they stay in view. */}
        <ul className={cx('grid gap-2 sm:gap-3', options.length === 3 ? 'grid-cols-3' : 'grid-cols-2')}>
          {options.map((option) => (
            <li key={option.choice} className="flex flex-col gap-1.5">
              <Button
                variant={option.choice === 'mine' ? 'primary' : 'outline'}
                className="max-sm:px-2"
                disabled={busy}
                aria-label={`${option.label} for “${postTitle}”`}
                aria-describedby={`${id}-${option.choice}`}
                onClick={() => onChoose(option.choice)}
              >
                {option.label}
              </Button>
              <p id={`${id}-${option.choice}`} className="text-xs text-slate-600 max-sm:sr-only">
                {option.description}
              </p>
            </li>
          ))}
        </ul>
        <ErrorText message={error} className="font-medium" />
      </div>
    </section>
  )
}

/**
 * A value's cell: a column where there is room; on a narrow screen a block under the field's name, with its
 * column's name (`data-label`) drawn over the value, since the header row is hidden then.
 */
const cell =
  'px-4 py-3 @max-lg:block @max-lg:py-1.5 @max-lg:before:mb-0.5 @max-lg:before:block @max-lg:before:text-[11px] @max-lg:before:font-semibold @max-lg:before:tracking-wide @max-lg:before:text-slate-500 @max-lg:before:uppercase @max-lg:before:content-[attr(data-label)]'

/** The end of an image address (`blog-covers/1795….jpg`): enough to tell two covers apart. */
function shortImageName(url: string) {
  try {
    return new URL(url).pathname.split('/').filter(Boolean).slice(-2).join('/')
  } catch {
    return url
  }
}

function DeletedCell({ rowSpan, text }: { rowSpan: number; text: string }) {
  return (
    <td
      rowSpan={rowSpan}
      className="bg-slate-50 px-4 py-6 text-center align-middle @max-lg:block @max-lg:py-3"
    >
      <p className="font-semibold text-slate-700">{text}</p>
    </td>
  )
}

function FieldValue({ row, side }: { row: FieldComparison; side: 'mine' | 'theirs' }) {
  const display = side === 'mine' ? row.mine : row.theirs
  const other = side === 'mine' ? row.theirs : row.mine
  if (!display) return null
  return <Display display={display} other={row.changed ? other : null} />
}

function Display({ display, other }: { display: FieldDisplay; other: FieldDisplay | null }) {
  switch (display.kind) {
    case 'empty':
      return <span className="italic text-slate-500">(empty)</span>
    case 'text':
      return <span className="break-words">{display.text}</span>
    case 'tags':
      return (
        <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
          {display.tags.map((tag) => (
            <li key={tag}>
              <Badge variant="neutral">{tag}</Badge>
            </li>
          ))}
        </ul>
      )
    case 'image':
      return (
        <span className="flex flex-col gap-1.5">
          <img
            src={display.url}
            alt=""
            loading="lazy"
            className="h-20 w-32 rounded-md border border-slate-200 bg-slate-100 object-cover"
          />
          <span className="break-all text-xs text-slate-500" title={display.url}>
            {shortImageName(display.url)}
          </span>
        </span>
      )
    case 'long':
      return <LongText text={display.text} other={other?.kind === 'long' ? other.text : other ? '' : null} />
  }
}

/** A long text: around the difference when the other side differs, else its start; the whole text on request. */
function LongText({ text, other }: { text: string; other: string | null }) {
  const words = text.split(/\s+/).filter(Boolean)
  let preview
  if (other !== null) {
    const diff = textDifference(text, other)
    preview = (
      <p className="break-words leading-relaxed">
        {diff.leadingEllipsis && '… '}
        {diff.before}
        {diff.before && ' '}
        {diff.changed ? (
          <mark className="rounded bg-amber-200 px-0.5 text-slate-900">
            <span className="sr-only">differs: </span>
            {diff.changed}
          </mark>
        ) : (
          <span className="text-xs italic text-slate-500">[nothing here]</span>
        )}
        {diff.after && ' '}
        {diff.after}
        {diff.trailingEllipsis && ' …'}
      </p>
    )
  } else {
    preview = (
      <p className="break-words leading-relaxed">
        {words.slice(0, previewWords).join(' ')}
        {words.length > previewWords && ' …'}
      </p>
    )
  }
  const wholeShown = other === null && words.length <= previewWords
  return (
    <div className="space-y-1">
      {preview}
      {!wholeShown && (
        <details className="text-xs">
          <summary className="cursor-pointer text-indigo-700 hover:underline">
            Show the whole text ({words.length} words)
          </summary>
          <p className="mt-1 max-h-64 overflow-y-auto whitespace-pre-wrap break-words rounded border border-slate-200 bg-white p-2 text-sm text-slate-800">
            {text}
          </p>
        </details>
      )}
    </div>
  )
}
