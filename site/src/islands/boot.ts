import type { IslandName, Wake } from './wake.ts'

/** A part's code: makes the part under `root` interactive (the server's markup is already on screen). */
export interface IslandModule {
  mount(root: HTMLElement): void | Promise<void>
}

/** Each part's own code, fetched only when the part wakes. */
const loaders: Record<IslandName, () => Promise<IslandModule>> = {
  menu: () => import('./menu.ts'),
  expanders: () => import('./expanders.ts'),
  typing: () => import('./typing.ts'),
  carousel: () => import('./carousel.ts'),
  'email-check': () => import('./email-check.ts'),
  'lead-form': () => import('./lead-form.tsx'),
  resources: () => import('./resources.tsx'),
}

/** A pointer coming over a part already asks for its code: by the click it is usually there. */
const interactions = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const
const smallScreen = '(max-width: 767.98px)'

/**
 * What the visitor did inside a part while its code was on the way (a click on a button, a link or a
 * submit): held back, then done again once the part is live, so the first tap is never lost. If the code
 * could not load, doing it again is the plain HTML behaviour (the link is followed, the form is posted).
 */
function holdActions(root: HTMLElement) {
  const held: Array<() => void> = []
  const onClick = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest?.('a[href], button, summary')
    if (!target || !root.contains(target) || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    event.stopPropagation()
    held.push(() => (target as HTMLElement).click())
  }
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target as HTMLFormElement
    event.preventDefault()
    event.stopPropagation()
    const submitter = event.submitter
    held.push(() => form.requestSubmit(submitter))
  }
  root.addEventListener('click', onClick, true)
  root.addEventListener('submit', onSubmit, true)
  return () => {
    root.removeEventListener('click', onClick, true)
    root.removeEventListener('submit', onSubmit, true)
    for (const action of held.splice(0)) action()
  }
}

function wake(root: HTMLElement, name: IslandName) {
  const release = holdActions(root)
  loaders[name]()
    .then((module) => module.mount(root))
    .catch((err: unknown) => console.error(`The ${name} part could not start`, err))
    // After the part has mounted (React hydrates synchronously in mount), the held actions reach it.
    .finally(() => setTimeout(release))
}

/** The element whose box is on screen: a React part's wrapper takes no room, its first child does. */
const boxOf = (root: HTMLElement) =>
  getComputedStyle(root).display === 'contents' ? (root.firstElementChild ?? root) : root

function whenVisible(root: HTMLElement, start: () => void): (() => void) | void {
  if (typeof IntersectionObserver !== 'function') return start()
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return
      observer.disconnect()
      start()
    },
    { rootMargin: '400px 0px' },
  )
  observer.observe(boxOf(root))
  return () => observer.disconnect()
}

function onFirstInteraction(root: HTMLElement, start: () => void) {
  const handler = () => {
    for (const type of interactions) root.removeEventListener(type, handler, true)
    start()
  }
  for (const type of interactions) root.addEventListener(type, handler, { capture: true, passive: true })
  return () => {
    for (const type of interactions) root.removeEventListener(type, handler, true)
  }
}

function schedule(root: HTMLElement) {
  const name = root.dataset.island as IslandName
  if (!(name in loaders)) return
  let started = false
  const stops: Array<(() => void) | void> = []
  const start = () => {
    if (started) return
    started = true
    for (const stop of stops) stop?.()
    wake(root, name)
  }
  switch (root.dataset.wake as Wake) {
    case 'idle':
      if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 2000 })
      else setTimeout(start, 200)
      return
    case 'visible':
      stops.push(whenVisible(root, start))
      return
    case 'small-visible': {
      stops.push(onFirstInteraction(root, start))
      const query = window.matchMedia(smallScreen)
      let stopVisible: (() => void) | void
      const watch = () => {
        stopVisible?.()
        stopVisible = query.matches ? whenVisible(root, start) : undefined
      }
      watch()
      query.addEventListener('change', watch)
      stops.push(() => {
        query.removeEventListener('change', watch)
        stopVisible?.()
      })
      return
    }
    default: {
      stops.push(onFirstInteraction(root, start))
      // A control the visitor is about to use (the list's "Load more" at its end) wakes the part as it nears.
      const near = root.dataset.wakeNear ? root.querySelector<HTMLElement>(root.dataset.wakeNear) : null
      if (near) stops.push(whenVisible(near, start))
    }
  }
}

/** Finds every part of the page and waits for each one's moment. Static parts have no code at all. */
export function startIslands(doc: Document = document) {
  for (const root of doc.querySelectorAll<HTMLElement>('[data-island]')) schedule(root)
}
