/**
 * "Learn more", "Why is … different?" and the FAQ: each button opens and closes the panel it controls.
 * The panel's look (height animation, hidden when closed) and the chevron follow `data-open` and
 * `aria-expanded` in CSS (Collapsible.tsx), so this only flips the two. In an accordion (`data-accordion`)
 * opening one answer closes the others.
 */
export function mount(root: HTMLElement) {
  const accordion = root.hasAttribute('data-accordion')
  const buttons = () => [...root.querySelectorAll<HTMLButtonElement>('button[aria-expanded][aria-controls]')]
  const set = (button: HTMLButtonElement, open: boolean) => {
    button.setAttribute('aria-expanded', String(open))
    document
      .getElementById(button.getAttribute('aria-controls') ?? '')
      ?.setAttribute('data-open', String(open))
  }
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>(
      'button[aria-expanded][aria-controls]',
    )
    if (!button || !root.contains(button)) return
    const open = button.getAttribute('aria-expanded') !== 'true'
    if (open && accordion) for (const other of buttons()) if (other !== button) set(other, false)
    set(button, open)
  })
}
