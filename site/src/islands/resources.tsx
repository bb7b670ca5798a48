import { ResourcesBrowser } from '@site/pages/ResourcesPage.tsx'
import { hydrateIsland } from './react-island.tsx'

/** The search, type filters, card list, "Load more" and newsletter block of /resources. */
export function mount(root: HTMLElement) {
  hydrateIsland(root, <ResourcesBrowser />)
}
