import { useEffect, useEffectEvent, type RefObject } from 'react'

/**
 * While a menu is `open`, Escape or a press outside `root` closes it: `onDismiss` is told which, so that
 * after Escape the focus can go back to the button that opened it.
 */
export function useDismiss(
  open: boolean,
  root: RefObject<Element | null>,
  onDismiss: (by: 'escape' | 'outside') => void,
) {
  const dismiss = useEffectEvent(onDismiss)
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && dismiss('escape')
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) dismiss('outside')
    }
    window.addEventListener('keydown', onKey)
    window.addEventListener('pointerdown', onPointer)
    return () => {
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('pointerdown', onPointer)
    }
  }, [open, root])
}
