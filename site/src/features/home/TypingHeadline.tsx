import { island } from '@site/islands/wake.ts'
import { headlineWords, initialTypingState, visibleText } from './typing-effect.ts'

/**
 * The hero h1. Screen readers get one stable sentence; the animated word is hidden from them.
 * The headline is left-aligned and the word ends its own line ("The Smarter" / "way to build…"), so
 * typing only ever changes the right end of that line: the word's left edge never moves, nothing
 * after it reflows, and an empty word leaves no hole in the middle of the sentence.
 */
export function TypingHeadline() {
  // The first frame (the first word, whole); site/src/islands/typing.ts types from there once the page is idle.
  const text = visibleText(initialTypingState)
  return (
    <h1
      className="font-display text-display font-bold tracking-tight text-white"
      {...island('typing', 'idle')}
    >
      <span className="sr-only">
        The {headlineWords[0]} way to build and own a tech capacity centre in India
      </span>
      <span aria-hidden="true" className="block">
        <span className="block whitespace-nowrap">
          The{' '}
          <span
            data-testid="typing-word"
            className="bg-gradient-to-r from-brand-300 via-violet-300 to-fuchsia-300 bg-clip-text text-transparent"
          >
            {text}
          </span>
          <span className="ml-1 inline-block h-[0.8em] w-[3px] bg-brand-300 align-[-0.05em] motion-safe:animate-caret" />
        </span>
        <span className="block text-balance">way to build and own a tech capacity centre in India</span>
      </span>
    </h1>
  )
}
