// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { sanitizeHtml } from './sanitize-html.ts'
import { sanitizeHtml as sanitizeHtmlInNode, sanitizerWorker } from './sanitize-html.node.ts'

/** Parses sanitised output so assertions look at the resulting DOM, not at string details. */
function dom(html: string): HTMLElement {
  const div = document.createElement('div')
  div.innerHTML = sanitizeHtml(html)
  return div
}

describe('sanitizeHtml', () => {
  it('keeps the formatting the editor produces', () => {
    const html =
      '<h1>Title</h1><h2>Sub</h2><p><strong>bold</strong> <em>it</em> <del>gone</del> <code>x</code></p>' +
      '<ul><li><p>one</p></li></ul><ol><li>two</li></ol><blockquote><p>q</p></blockquote>' +
      '<pre data-language="ts"><code>let a = 1</code></pre><table><tr><td>cell</td></tr></table>'
    const out = dom(html)
    for (const selector of [
      'h1',
      'h2',
      'strong',
      'em',
      'del',
      'code',
      'ul li',
      'ol li',
      'blockquote',
      'pre[data-language="ts"]',
      'td',
    ]) {
      expect(out.querySelector(selector), selector).not.toBeNull()
    }
  })

  it('removes scripts and event handlers', () => {
    const out = dom(
      '<p onclick="alert(1)">hi</p><script>alert(1)</script><img src="https://x.test/a.png" onerror="alert(1)">',
    )
    expect(out.querySelector('script')).toBeNull()
    expect(out.querySelector('[onclick]')).toBeNull()
    expect(out.querySelector('img')?.getAttribute('onerror')).toBeNull()
    expect(out.querySelector('img')?.getAttribute('src')).toBe('https://x.test/a.png')
  })

  it('drops svg, math, iframe, form, style and object elements', () => {
    const out = dom(
      '<svg onload="alert(1)"><circle/></svg><math><mi>x</mi></math><iframe srcdoc="<script>alert(1)</script>"></iframe>' +
        '<form action="https://evil.test"><button>go</button></form><style>body{display:none}</style><object data="x.swf"></object>',
    )
    for (const tag of ['svg', 'math', 'iframe', 'form', 'button', 'style', 'object']) {
      expect(out.querySelector(tag), tag).toBeNull()
    }
  })

  it('drops style attributes', () => {
    expect(dom('<p style="position:fixed;inset:0">x</p>').querySelector('[style]')).toBeNull()
  })

  it('allows only http, https, mailto, tel and relative links', () => {
    const hrefs = (html: string) => [...dom(html).querySelectorAll('a')].map((a) => a.getAttribute('href'))
    expect(
      hrefs(
        '<a href="https://a.test">1</a><a href="http://a.test">2</a><a href="mailto:x@a.test">3</a>' +
          '<a href="tel:+911234">4</a><a href="/post/x">5</a><a href="#top">6</a><a href="other-page">7</a>',
      ),
    ).toEqual([
      'https://a.test',
      'http://a.test',
      'mailto:x@a.test',
      'tel:+911234',
      '/post/x',
      '#top',
      'other-page',
    ])
    expect(
      hrefs(
        '<a href="javascript:alert(1)">1</a><a href="JaVaScRiPt:alert(1)">2</a><a href="java&#x09;script:alert(1)">3</a>' +
          '<a href="data:text/html,<script>alert(1)</script>">4</a><a href="vbscript:msgbox(1)">5</a><a href=" javascript:alert(1)">6</a>',
      ),
    ).toEqual([null, null, null, null, null, null])
  })

  it('allows only http, https and data: raster images as image sources', () => {
    const srcs = (html: string) =>
      [...dom(html).querySelectorAll('img')].map((img) => img.getAttribute('src'))
    expect(srcs('<img src="https://a.test/i.png"><img src="data:image/png;base64,iVBORw0KGgo=">')).toEqual([
      'https://a.test/i.png',
      'data:image/png;base64,iVBORw0KGgo=',
    ])
    expect(
      srcs(
        '<img src="x"><img src="javascript:alert(1)"><img src="data:image/svg+xml,<svg onload=alert(1)>"><img src="data:text/html,x">',
      ),
    ).toEqual([null, null, null, null])
  })

  it('adds rel="noopener noreferrer" to links that open a new tab', () => {
    const a = dom('<a href="https://a.test" target="_blank" rel="opener">x</a>').querySelector('a')!
    expect(a.getAttribute('rel')).toBe('noopener noreferrer')
    expect(
      dom('<a href="https://a.test" target="_top">x</a>').querySelector('a')!.getAttribute('target'),
    ).toBeNull()
  })

  it('defuses mutation XSS classics', () => {
    const payloads = [
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
      '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">',
      '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
    ]
    for (const payload of payloads) {
      const out = dom(payload)
      // Re-parse the output once more: mXSS bites on the second parse.
      const again = document.createElement('div')
      again.innerHTML = out.innerHTML
      expect(again.querySelector('[onerror]'), payload).toBeNull()
      expect(again.querySelector('svg, math, style, script'), payload).toBeNull()
    }
  })

  it('keeps read-only task list checkboxes but no other inputs', () => {
    const out = dom(
      '<ul><li data-item-type="task" data-checked="true"><input type="checkbox" checked>done</li></ul><input type="text" value="x">',
    )
    expect(out.querySelectorAll('input')).toHaveLength(1)
    expect(out.querySelector('input')!.hasAttribute('disabled')).toBe(true)
  })

  it('gives the same result in Node as in the browser', async () => {
    const html =
      '<p onclick="x()">Hi <a href="javascript:x()" target="_blank">l</a><img src=x onerror=alert(1)></p>'
    expect(await sanitizeHtmlInNode(html)).toBe(sanitizeHtml(html))
  })

  it('sanitises in Node in a worker that ends when idle and starts again on the next call', async () => {
    const idleMs = sanitizerWorker.idleMs
    sanitizerWorker.idleMs = 50
    try {
      expect(await sanitizeHtmlInNode('<p>a<script>x()</script></p>')).toBe('<p>a</p>')
      await vi.waitFor(() => expect(sanitizerWorker.running).toBe(false), { timeout: 5000 })
      // Calls made together share the next worker, and each gets its own answer.
      const answers = await Promise.all(
        ['<b>1</b>', '<i onclick="x()">2</i>', '<u>3</u>'].map((html) => sanitizeHtmlInNode(html)),
      )
      expect(answers).toEqual(['<b>1</b>', '<i>2</i>', '<u>3</u>'])
      expect(sanitizerWorker.running).toBe(true)
    } finally {
      sanitizerWorker.idleMs = idleMs
    }
  })
})
