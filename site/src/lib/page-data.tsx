import { pageDataElementId, type PageData } from '@shared/schemas/page-data.ts'
import { createContext, useContext, type ReactNode } from 'react'

export type { PageData }

const PageDataContext = createContext<PageData>({})

export function PageDataProvider({ value, children }: { value: PageData; children: ReactNode }) {
  return <PageDataContext.Provider value={value}>{children}</PageDataContext.Provider>
}

/** The data the server rendered this page with ({} for pages rendered in the browser). */
export function usePageData(): PageData {
  return useContext(PageDataContext)
}

/** Reads the page data the server embedded (once, at start-up); {} when there is none. */
export function readEmbeddedPageData(doc: Document): PageData {
  const element = doc.getElementById(pageDataElementId)
  if (!element?.textContent) return {}
  try {
    return JSON.parse(element.textContent) as PageData
  } catch {
    return {}
  }
}
