/** Timings of spec §4/§9: 100 ms per typed character, 1500 ms pause on the full word, 60 ms per deleted one. */
export const typingTimings = { typeMs: 100, pauseMs: 1500, deleteMs: 60 } as const

export const headlineWords = ['Smarter', 'Agile', 'Faster'] as const

/**
 * Where the headline is: which word, how many of its characters show, and what happens next.
 * `full` is the pause on the complete word; `deleting` removes characters one by one.
 */
export interface TypingState {
  wordIndex: number
  length: number
  phase: 'typing' | 'full' | 'deleting'
}

/**
 * The first frame: the first word, complete. Server and browser render the same frame (no hydration
 * mismatch), readers without JavaScript see a whole word, and reduced motion simply stays here.
 */
export const initialTypingState: TypingState = {
  wordIndex: 0,
  length: headlineWords[0].length,
  phase: 'full',
}

/** The text shown for a state. */
export function visibleText(state: TypingState, words: readonly string[] = headlineWords): string {
  return words[state.wordIndex].slice(0, state.length)
}

/**
 * One step of the effect: the state that follows `state`, and how long `state` stays on screen first.
 * Pure, so the timing rules are tested without a browser.
 */
export function nextTypingStep(
  state: TypingState,
  words: readonly string[] = headlineWords,
  timings: { typeMs: number; pauseMs: number; deleteMs: number } = typingTimings,
): { next: TypingState; delay: number } {
  const word = words[state.wordIndex]
  switch (state.phase) {
    case 'typing':
      if (state.length + 1 >= word.length)
        return { next: { ...state, length: word.length, phase: 'full' }, delay: timings.typeMs }
      return { next: { ...state, length: state.length + 1 }, delay: timings.typeMs }
    case 'full':
      return { next: { ...state, phase: 'deleting' }, delay: timings.pauseMs }
    case 'deleting':
      if (state.length > 0) return { next: { ...state, length: state.length - 1 }, delay: timings.deleteMs }
      // The empty word is shown for one typing step before the next word starts.
      return {
        next: { wordIndex: (state.wordIndex + 1) % words.length, length: 0, phase: 'typing' },
        delay: timings.deleteMs,
      }
  }
}

/**
 * Runs the effect from the first frame: each state stays on screen for its step's delay, then `show` gets
 * the next one. Returns what stops it.
 */
export function runTypingEffect(
  show: (state: TypingState) => void,
  words: readonly string[] = headlineWords,
): () => void {
  let state = initialTypingState
  let timer: ReturnType<typeof setTimeout>
  const schedule = () => {
    const { next, delay } = nextTypingStep(state, words)
    timer = setTimeout(() => {
      state = next
      show(state)
      schedule()
    }, delay)
  }
  schedule()
  return () => clearTimeout(timer)
}
