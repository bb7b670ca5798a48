import { headlineWords } from './typing-effect.ts'
import { useTypingEffect } from './useTypingEffect.ts'

/**
 * The hero h1. Screen readers get one stable sentence; the animated word is hidden from them.
 * All words sit in one grid cell (invisible), so the slot is as wide as the longest word and the
 * line never shifts while typing.
 */
export function TypingHeadline() {
  const { text } = useTypingEffect()
  return (
    <h1 className="text-4xl font-bold tracking-tight text-balance text-white sm:text-6xl lg:text-7xl">
      <span className="sr-only">
        The {headlineWords[0]} way to build and own a tech capacity centre in India
      </span>
      <span aria-hidden="true">
        The{' '}
        <span className="inline-grid align-bottom">
          {headlineWords.map((word) => (
            <span key={word} className="invisible col-start-1 row-start-1 pr-1">
              {word}
            </span>
          ))}
          <span
            data-testid="typing-word"
            className="col-start-1 row-start-1 bg-gradient-to-r from-indigo-300 via-violet-300 to-fuchsia-300 bg-clip-text whitespace-nowrap text-transparent"
          >
            {text}
            <span className="ml-1 inline-block h-[0.8em] w-[3px] bg-indigo-300 align-[-0.05em] motion-safe:animate-caret" />
          </span>
        </span>{' '}
        <br className="hidden sm:block" />
        way to build and own a tech capacity centre in India
      </span>
    </h1>
  )
}
