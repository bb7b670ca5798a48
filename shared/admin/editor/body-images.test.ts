import { Schema } from '@milkdown/kit/prose/model'
import { describe, expect, it } from 'vitest'
import { altFromFileName, notAnEditorImage, uploadBodyImages } from './body-images.ts'

const schema = new Schema({
  nodes: {
    doc: { content: 'inline*' },
    text: { group: 'inline' },
    image: {
      inline: true,
      group: 'inline',
      attrs: { src: {}, alt: { default: '' }, title: { default: '' } },
    },
  },
})

const file = (name: string, type: string) => new File([new Uint8Array([1, 2, 3])], name, { type })

describe('images in the body', () => {
  it('starts the alt text from the file name, in words', () => {
    expect(altFromFileName('team-offsite_2026.jpg')).toBe('team offsite 2026')
    expect(altFromFileName('Chart.PNG')).toBe('Chart')
    expect(altFromFileName('no-extension')).toBe('no extension')
  })

  it('uploads each editor image type and makes an image node of its public URL, reporting each upload', async () => {
    const uploaded: string[] = []
    const messages: string[] = []
    const nodes = await uploadBodyImages(
      [file('a.png', 'image/png'), file('b.svg', 'image/svg+xml'), file('c.gif', 'image/gif')],
      schema,
      async (f) => {
        uploaded.push(f.name)
        return `https://x.example/storage/v1/object/public/images/blog-content/${f.name}`
      },
      (m) => messages.push(m),
    )
    expect(uploaded).toEqual(['a.png', 'c.gif'])
    expect(nodes.map((n) => n.attrs)).toEqual([
      { src: 'https://x.example/storage/v1/object/public/images/blog-content/a.png', alt: 'a', title: '' },
      { src: 'https://x.example/storage/v1/object/public/images/blog-content/c.gif', alt: 'c', title: '' },
    ])
    expect(messages).toEqual([
      '✅ Image uploaded successfully!',
      notAnEditorImage,
      '✅ Image uploaded successfully!',
    ])
  })

  it('reports a failed upload in the spec’s words and inserts nothing for it', async () => {
    const messages: string[] = []
    const nodes = await uploadBodyImages(
      [file('a.jpg', 'image/jpeg')],
      schema,
      async () => {
        throw new Error('The server cannot be reached')
      },
      (m) => messages.push(m),
    )
    expect(nodes).toEqual([])
    expect(messages).toEqual(['❌ Image upload failed: The server cannot be reached'])
  })
})
