import { LeadForm } from '@site/features/leads/LeadForm.tsx'
import { hydrateIsland } from './react-island.tsx'

/** The lead form of /get-started, woken by the first focus, touch or key inside it. */
export function mount(root: HTMLElement) {
  hydrateIsland(root, <LeadForm />)
}
