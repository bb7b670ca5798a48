import { describe, expect, it } from 'vitest'
import { isPermanentRecipientFailure } from './newsletter-outbox.ts'
import { mailCoverUrl, renderNewsletterPost } from './newsletter-post.ts'

const post = {
  title: 'Build <fast> & "own" it',
  slug: 'build-fast',
  excerpt: null,
  content: '<p>Twelve engineers in four weeks, with <strong>no</strong> agency.</p>',
  author: null,
  cover_image_url: null,
  created_at: '2026-11-20T08:00:00Z',
}

describe('a post as a newsletter issue', () => {
  it('escapes the title, links the post absolutely and falls back to the start of the body', () => {
    const mail = renderNewsletterPost(post, 'https://meridian.example/')
    expect(mail.subject).toBe('Build <fast> & "own" it')
    expect(mail.html).toContain('Build &lt;fast&gt; &amp; &quot;own&quot; it')
    expect(mail.html).not.toContain('<fast>')
    expect(mail.html).toContain('href="https://meridian.example/post/build-fast"')
    expect(mail.text).toContain('Read the full post: https://meridian.example/post/build-fast')
    expect(mail.text).toContain('Twelve engineers in four weeks, with no agency.')
    expect(mail.text).toContain('November 20, 2026 · By Meridian Team')
    expect(mail.html).not.toContain('<img')
  })

  it('keeps a header free of line breaks', () => {
    expect(
      renderNewsletterPost({ ...post, title: 'A\r\nBcc: x@example.com' }, 'https://m.example').subject,
    ).toBe('A Bcc: x@example.com')
  })
})

describe('cover addresses in mail', () => {
  const site = 'https://meridian.example'
  it('asks the server for a JPEG variant of covers it can resize', () => {
    expect(mailCoverUrl('/covers/hiring.webp?v=0123abcd', site)).toBe(
      'https://meridian.example/media/covers/hiring.webp?width=1280&quality=75&format=jpeg&v=0123abcd',
    )
    expect(
      mailCoverUrl('http://127.0.0.1:8080/storage/v1/object/public/images/blog-covers/1.png', site),
    ).toBe('https://meridian.example/media/images/blog-covers/1.png?width=1280&quality=75&format=jpeg')
  })

  it('makes other addresses absolute and drops what a mail client cannot load', () => {
    expect(mailCoverUrl('https://cdn.example/a.jpg', site)).toBe('https://cdn.example/a.jpg')
    expect(mailCoverUrl('/images/a.jpg', site)).toBe('https://meridian.example/images/a.jpg')
    expect(mailCoverUrl('data:image/png;base64,AAAA', site)).toBeNull()
    expect(mailCoverUrl('', site)).toBeNull()
  })
})

describe('which SMTP failures mark an address as bouncing', () => {
  it('only a 5xx to the recipient or its message', () => {
    expect(isPermanentRecipientFailure({ responseCode: 550, command: 'RCPT TO' })).toBe(true)
    expect(isPermanentRecipientFailure({ responseCode: 554, command: 'DATA' })).toBe(true)
    expect(isPermanentRecipientFailure({ responseCode: 451, command: 'RCPT TO' })).toBe(false)
    // The server refusing our sender or our login is not the reader's fault.
    expect(isPermanentRecipientFailure({ responseCode: 550, command: 'MAIL FROM' })).toBe(false)
    expect(isPermanentRecipientFailure({ responseCode: 535, command: 'AUTH PLAIN' })).toBe(false)
    expect(isPermanentRecipientFailure(new Error('connect ECONNREFUSED'))).toBe(false)
  })
})
