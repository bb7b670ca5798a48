/** Where a hub's name goes over india-hubs.svg (scripts/illustrations/india-map.mjs writes the numbers). */
export interface HubLabel {
  name: string
  /** Percent of the map's width where the label starts ("start") or ends ("end"). */
  x: number
  /** Percent of the map's height of the label's vertical centre. */
  y: number
  anchor: 'start' | 'end'
}
