import { runTypingEffect, visibleText } from '@site/features/home/typing-effect.ts'

/**
 * The hero headline's typing word. The server drew the first word whole; from there the word is typed and
 * deleted in turn. Under reduced motion it stays on that first word.
 */
export function mount(root: HTMLElement) {
  const word = root.querySelector('[data-testid="typing-word"]')
  if (!word || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
  runTypingEffect((state) => {
    word.textContent = visibleText(state)
  })
}
