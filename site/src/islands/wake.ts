/**
 * When a part of a public page comes to life:
 * - `idle`: once the page has loaded and the browser has a moment (the typing headline);
 * - `visible`: when it comes near the screen;
 * - `small-visible`: near the screen on a phone-sized screen only (the highlight carousel, a plain row wider),
 *   or on the first touch, click or key inside it;
 * - `interaction`: on the first pointer over it, touch, key or focus inside it (the menu, the expanders, the
 *   forms).
 */
export type Wake = 'idle' | 'visible' | 'small-visible' | 'interaction'

/** The parts made with React (hydrated by site/src/islands/react-island.tsx). */
export type ReactIslandName = 'lead-form' | 'resources'
/** The parts that are a few lines of plain script over the server's markup. */
export type ScriptIslandName = 'menu' | 'expanders' | 'typing' | 'carousel' | 'email-check'
export type IslandName = ReactIslandName | ScriptIslandName

/** The attributes that mark a plain-script part on its own element (no wrapper, so no change of layout). */
export const island = (name: ScriptIslandName, wake: Wake) => ({ 'data-island': name, 'data-wake': wake })
