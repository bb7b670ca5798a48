import { useEffect, useState } from 'react'
import {
  headlineWords,
  initialTypingState,
  runTypingEffect,
  visibleText,
  type TypingState,
} from './typing-effect.ts'

/**
 * Cycles the headline words with the typing effect. Starts from the full first word (the prerendered
 * frame); under `prefers-reduced-motion: reduce` it stays on that full word and never animates.
 */
export function useTypingEffect(words: readonly string[] = headlineWords): {
  text: string
  state: TypingState
} {
  const [state, setState] = useState<TypingState>(initialTypingState)

  useEffect(() => {
    if (
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches
    )
      return
    return runTypingEffect(setState, words)
  }, [words])

  return { text: visibleText(state, words), state }
}
