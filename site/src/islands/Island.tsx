import { createContext, useContext, type ReactNode } from 'react'
import type { ReactIslandName, Wake } from './wake.ts'

/**
 * Whether this render is the whole React application (the admin, the staff pages and anything the browser
 * renders from scratch) rather than a public page drawn on the server whose interactive parts wake one by one.
 * In the application every part is already live, so no part is marked to be woken.
 */
export const LiveAppContext = createContext(false)
const InsideIsland = createContext(false)

/**
 * One interactive part of a public page made with React (a form, the resources list): on the server its
 * markup is part of the page as before, inside a box that takes no room (`display: contents`) and names the
 * part and when it wakes; in the browser site/src/islands/boot.ts hydrates that box alone, with only the
 * part's own code, when it is needed. Parts inside a part wake with it.
 */
export function Island({
  name,
  wake,
  wakeNear,
  children,
}: {
  name: ReactIslandName
  wake: Wake
  /** A selector inside the part: when that element nears the screen, the part wakes too. */
  wakeNear?: string
  children: ReactNode
}) {
  const live = useContext(LiveAppContext)
  const inside = useContext(InsideIsland)
  if (live || inside) return children
  return (
    <InsideIsland.Provider value={true}>
      <div data-island={name} data-wake={wake} data-wake-near={wakeNear} className="contents">
        {children}
      </div>
    </InsideIsland.Provider>
  )
}
