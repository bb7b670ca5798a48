import '@fontsource-variable/inter'
// The monospace for code-like text (the email service's endpoint, a message id): bundled like Inter, and
// only downloaded by a page that shows such text.
import '@fontsource-variable/jetbrains-mono'
// The post body's typography is part of the inlined stylesheet (about 0.5 KB gzip), so a server-rendered
// post has its final layout at first paint instead of shifting when the page chunk's CSS arrives.
import '@shared/ui/post-content.css'
import './index.css'
// Before any part that carries zod (the lead form) runs: no `new Function` probe under the CSP.
import './lib/zod-jitless.ts'
import { startIslands } from './islands/boot.ts'
import { isAppPath } from './islands/app-paths.ts'

/**
 * A public page arrives whole from the server (prerendered or rendered per request) and stays as it is: only
 * its interactive parts get code, each when it is needed (site/src/islands/boot.ts); links between pages are
 * plain links. The admin, the staff pages and any page that arrives empty are the React application.
 */
const container = document.getElementById('root')
if (container?.firstElementChild && !isAppPath(window.location.pathname)) {
  // A link to a section (/solutions#talent-bot): the browser placed it before the stylesheet and the sections
  // below the fold were laid out; placed again now, below the sticky header (the sections' scroll margin).
  if (window.location.hash && window.scrollY > 0) {
    try {
      document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView()
    } catch {
      // A malformed fragment: the browser's place stays.
    }
  }
  startIslands()
  // The page takes input from here on (a part still waking holds the first click until it is live).
  document.documentElement.dataset.hydrated = 'true'
} else {
  void import('./app-entry.tsx')
}
