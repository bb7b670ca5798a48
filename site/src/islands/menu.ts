/**
 * The header's menu below 768 px: the button shows and hides the list. The button's label and icon follow
 * `aria-expanded` (the icons swap in CSS), so this only flips that and the list's `hidden`.
 */
export function mount(root: HTMLElement) {
  const button = root.querySelector<HTMLButtonElement>('button[aria-controls]')
  const menu = button && document.getElementById(button.getAttribute('aria-controls') ?? '')
  if (!button || !menu) return
  const label = button.querySelector('[data-menu-label]')
  const set = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open))
    menu.hidden = !open
    if (label) label.textContent = open ? 'Close menu' : 'Open menu'
  }
  button.addEventListener('click', () => set(button.getAttribute('aria-expanded') !== 'true'))
  // A link in the menu leaves the page; coming back (the back button's page cache) finds it closed.
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) set(false)
  })
  window.addEventListener('pagehide', () => set(false))
}
