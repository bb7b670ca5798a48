import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify'

/**
 * Blog HTML allow-list. Content is written by editors, but it is also written through the API and
 * rendered with `dangerouslySetInnerHTML`, so everything outside this list is dropped: no style, svg,
 * math, iframe, form, script, no event handlers, no `data:` documents.
 */
const allowedTags = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  's',
  'del',
  'strike',
  'u',
  'sub',
  'sup',
  'mark',
  'small',
  'a',
  'img',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'span',
  'div',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'figure',
  'figcaption',
  'input',
]

const allowedAttributes = [
  'href',
  'title',
  'target',
  'rel',
  'src',
  'alt',
  'width',
  'height',
  'colspan',
  'rowspan',
  'align',
  'start',
  'type',
  'checked',
  'disabled',
  // Milkdown marks code languages and task-list items with these.
  'data-language',
  'data-item-type',
  'data-checked',
  'data-label',
  'data-list-type',
]

/** Links: http, https, mailto, tel, or relative (no scheme at all). */
const linkPattern = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i
/** Image sources: http, https, or a data URL of a raster image type. */
const imagePattern =
  /^(?:https?:|data:image\/(?:png|gif|jpe?g|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)[;,])/i

const config: Config = {
  ALLOWED_TAGS: allowedTags,
  ALLOWED_ATTR: allowedAttributes,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: linkPattern,
  FORBID_TAGS: [
    'style',
    'svg',
    'math',
    'iframe',
    'form',
    'script',
    'object',
    'embed',
    'base',
    'link',
    'meta',
    'template',
  ],
  FORBID_ATTR: ['style', 'srcset', 'formaction', 'xlink:href', 'action'],
  KEEP_CONTENT: true,
  RETURN_TRUSTED_TYPE: false,
}

/** Strips ASCII whitespace and control characters browsers ignore inside a URL scheme (`java\tscript:`). */
function normaliseUrl(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
}

function isAllowedLink(href: string): boolean {
  return linkPattern.test(normaliseUrl(href))
}

function isAllowedImageSource(src: string): boolean {
  return imagePattern.test(normaliseUrl(src))
}

function addHooks(purify: DOMPurify): void {
  purify.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.nodeName.toLowerCase()
    if (tag === 'a') {
      const href = node.getAttribute('href')
      if (href !== null && !isAllowedLink(href)) node.removeAttribute('href')
      const target = node.getAttribute('target')
      if (target !== null && target !== '_blank') node.removeAttribute('target')
      // A new tab must not get a handle on this page (reverse tabnabbing).
      if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer')
    }
    if (tag === 'img') {
      const src = node.getAttribute('src')
      if (src === null || !isAllowedImageSource(src)) node.removeAttribute('src')
    }
    if (tag === 'input') {
      // Only the read-only checkbox of a task list item is content; any other input is a form control.
      if (node.getAttribute('type') !== 'checkbox') node.parentNode?.removeChild(node)
      else node.setAttribute('disabled', '')
    }
  })
}

/**
 * Everything that decides what the sanitiser keeps (the allow-lists, the URL rules, the hooks and the version
 * of DOMPurify), as text: the server stores a digest of it beside each body it prepares, so a body prepared
 * under other rules is never shown (see sanitize-html.node.ts `sanitizerVersion`).
 */
export function sanitizerRules(): string {
  const regexpsAsText = (_key: string, value: unknown) => (value instanceof RegExp ? String(value) : value)
  return [
    JSON.stringify(config, regexpsAsText),
    String(imagePattern),
    addHooks.toString(),
    createDOMPurify.version,
  ].join('\n')
}

interface HtmlSanitizer {
  sanitize(html: string): string
}

/** A sanitiser bound to one window (the browser's, or a jsdom window in Node). */
export function createHtmlSanitizer(window: WindowLike): HtmlSanitizer {
  const purify = createDOMPurify(window)
  addHooks(purify)
  return { sanitize: (html) => purify.sanitize(html, config) as string }
}

let browserSanitizer: HtmlSanitizer | null = null

/**
 * Sanitises blog HTML in the browser (site, desktop renderer). Applied on save and again on render.
 * In Node use `sanitize-html.node.ts`, which brings its own jsdom window (kept out of browser bundles).
 */
export function sanitizeHtml(html: string): string {
  if (typeof window === 'undefined') {
    throw new Error(
      'sanitizeHtml needs a DOM: import sanitizeHtml from shared/lib/sanitize-html.node.ts in Node.',
    )
  }
  browserSanitizer ??= createHtmlSanitizer(window)
  return browserSanitizer.sanitize(html)
}
