import { describe, expect, it } from 'vitest'
import { criticalCss, pageSignature } from './critical-css.ts'

const stylesheet = [
  "@font-face{font-family:Inter Variable;font-display:swap;src:url(/assets/inter.woff2)format('woff2')}",
  '@font-face{font-family:Inter Fallback;src:local(Arial);size-adjust:107.4%}',
  ':root{--brand:#4338ca}',
  '[hidden]:where(:not([hidden=until-found])){display:none!important}',
  '.hero{font-size:3rem;color:var(--brand)}',
  '.unused-card{padding:2rem}',
  ':where(.space-y-4>:not(:last-child)){margin-block-end:1rem}',
  '.hover\\:underline:hover{text-decoration:underline}',
  '[aria-current=page]{font-weight:600}',
  '::placeholder{color:gray}',
  '@layer theme{:root,:host{--font-sans:Inter,sans-serif;--color-brand:#4338ca;--color-unused:red;--default-font:var(--font-sans);--text-lg:1.125rem}}',
  '@layer base{html{font-family:var(--default-font)}}',
  '.brand{color:var(--color-brand);--tw-shadow:0 1px red;box-shadow:var(--tw-shadow)}',
  '.big{font-size:var(--text-lg)}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-blur{syntax:"*";inherits:false}',
  '@layer properties{@supports (not (color:red)){*,:before{--tw-shadow:0 0 #0000;--tw-blur:initial}}}',
].join('')

const template = `<!doctype html><html><head><!--app-head--><style>${stylesheet}</style></head><body><!--app-html--></body></html>`
/** A page with `body` from the template, its stylesheet reduced by `critical` (a new one by default). */
const page = (body: string, critical = criticalCss()) => critical.page(template, '', body)
const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)![1]

describe('critical CSS', () => {
  it('keeps the rules the markup uses, with their states, and drops the rest', async () => {
    const html = await page(
      '<h1 class="hero hover:underline">Hi</h1><a aria-current="page" href="/">Home</a>',
    )
    const css = styleOf(html)
    expect(css).toContain('.hero{')
    expect(css).toContain('.hover\\:underline:hover')
    expect(css).toContain('[aria-current=page]')
    expect(css).toContain(':root{')
    expect(css).not.toContain('.unused-card')
  })

  it('keeps :where() and bare pseudo-element rules (hidden elements, stacked spacing, placeholders)', async () => {
    const css = styleOf(await page('<div class="space-y-4"><p>a</p><p>b</p></div>'))
    expect(css).toContain('[hidden]:where(')
    expect(css).toContain(':where(.space-y-4>')
    expect(css).toContain('::placeholder{')
  })

  it('keeps the local fallback face and leaves the downloaded web font for later', async () => {
    const css = styleOf(await page('<p class="hero">Text</p>'))
    expect(css).toContain('font-family:Inter Fallback')
    expect(css).not.toContain('url(')
  })

  it('changes nothing but the stylesheet, and leaves a page without one alone', async () => {
    const body =
      '<p class="hero" data-x="1">Caf&eacute; &amp; <b>bold</b></p><script type="application/json">{"a":"\\u003c/p>"}</script>'
    const html = await page(body)
    expect(html).toContain(body)
    expect(await criticalCss().page('<!--app-head--><!--app-html-->', '', '<p>no styles</p>')).toBe(
      '<p>no styles</p>',
    )
  })

  it('gives pages of one kind one signature: text, links and images do not count, classes and states do', () => {
    const post = (slug: string, text: string) =>
      `<a href="/post/${slug}" aria-label="${text}"><img src="/media/${slug}.webp" alt="${text}" class="cover">${text}</a>`
    expect(pageSignature(post('a', 'First post'))).toBe(pageSignature(post('b', 'Another one')))
    expect(pageSignature(post('a', 'x'))).not.toBe(
      pageSignature(post('a', 'x').replace('cover', 'cover wide')),
    )
    expect(pageSignature('<button aria-expanded="false">')).not.toBe(
      pageSignature('<button aria-expanded="true">'),
    )
    expect(pageSignature('<p>')).not.toBe(pageSignature('<p><ul><li>'))
  })

  it('keeps only the custom properties its kept rules or its markup read, directly or through another', async () => {
    const css = styleOf(await page('<p class="brand" style="margin:var(--text-lg)">Hi</p>'))
    expect(css).toContain('--color-brand:#4338ca')
    expect(css).toContain('--default-font:var(--font-sans)')
    expect(css).toContain('--font-sans:Inter,sans-serif')
    expect(css).toContain('--text-lg:1.125rem')
    expect(css).toContain('@property --tw-shadow{')
    expect(css).toMatch(/\*,:before\{--tw-shadow:0 0 #0000;?\}/)
    expect(css).not.toContain('--color-unused')
    expect(css).not.toContain('--tw-blur')
    // A page that does not read --text-lg is a page of another kind (inline styles count in its signature).
    expect(styleOf(await page('<p class="brand">Hi</p>'))).not.toContain('--text-lg')
  })

  it('pages with the same signature share one result', async () => {
    const critical = criticalCss()
    const first = await page('<h1 class="hero">One</h1>', critical)
    const second = await page('<h1 class="hero">Two</h1>', critical)
    expect(styleOf(second)).toBe(styleOf(first))
    expect(second).toContain('>Two</h1>')
    // A page of another kind gets its own rules, from the same template.
    const third = await page('<div class="unused-card">Three</div>', critical)
    expect(styleOf(third)).toContain('.unused-card')
    expect(styleOf(third)).not.toContain('.hero{')
  })
})
