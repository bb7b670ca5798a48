import { createElement, lazy, type ComponentType, type ReactElement } from 'react'

/** A route module: every page file exports `Component` (react-router's lazy-route convention). */
export interface PageModule {
  Component: ComponentType
}

/** A page component that loads its module on first render, or earlier through `preload()`. */
export interface LazyPage {
  (): ReactElement
  /** Loads the module so the next render is synchronous (prerendering and hydration need that). */
  preload(): Promise<void>
}

/**
 * Code-splits a page. After `preload()` the page renders without suspending, which is what lets the
 * server render it to HTML and the browser hydrate that HTML with identical markup. Without a preload it
 * suspends like React.lazy; client navigations run in a transition, so the old page stays until it loads.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let component: ComponentType | undefined
  const preload = () =>
    load().then((module) => {
      component = module.Component
    })
  const Deferred = lazy(() => preload().then(() => ({ default: component! })))
  const Page = () => createElement(component ?? Deferred)
  Page.preload = preload
  return Page
}
