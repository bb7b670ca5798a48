import { describe, expect, it } from 'vitest'
import { postSlugFromPath, withPostHead } from './post-meta.ts'

const shell = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" href="/favicon.svg" />
    <title>Meridian</title>
    <meta name="description" content="generic" />
    <meta property="og:type" content="website" />
    <meta property="og:title" content="Meridian" />
    <meta name="twitter:card" content="summary_large_image" />
    <meta name="robots" content="noindex" />
    <script type="module" src="/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`

describe('withPostHead', () => {
  it("replaces the shell's page tags with the post's and keeps everything else", () => {
    const html = withPostHead(
      shell,
      '<title>Post | Meridian</title>\n    <meta name="description" content="About the post" />',
    )
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html).toContain('<title>Post | Meridian</title>')
    expect(html).toContain('content="About the post"')
    expect(html).not.toContain('content="generic"')
    expect(html).not.toContain('noindex')
    expect(html).not.toContain('og:type" content="website"')
    expect(html).toContain('<meta charset="UTF-8" />')
    expect(html).toContain('<link rel="icon" href="/favicon.svg" />')
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>')
  })

  it('leaves the shell alone when there is no post head', () => {
    expect(withPostHead(shell, '')).toBe(shell)
  })
})

describe('postSlugFromPath', () => {
  it('takes the one segment after /post/, decoded and as sent', () => {
    expect(postSlugFromPath('/post/hello-world')).toBe('hello-world')
    expect(postSlugFromPath('/POST/Hello-World/')).toBe('Hello-World')
    expect(postSlugFromPath('/post/caf%C3%A9')).toBe('café')
  })

  it('ignores other paths and undecodable slugs', () => {
    expect(postSlugFromPath('/resources')).toBeNull()
    expect(postSlugFromPath('/post/')).toBeNull()
    expect(postSlugFromPath('/post/a/b')).toBeNull()
    expect(postSlugFromPath('/post/%E0%A4%A')).toBeNull()
  })
})
