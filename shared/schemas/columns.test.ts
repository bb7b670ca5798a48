import { describe, expect, it } from 'vitest'
import { blogListColumns, blogListItemSchema } from './blog.ts'
import { selectColumns } from './columns.ts'

describe('selectColumns', () => {
  it("lists a schema's fields in its order, so a read asks for exactly what it parses", () => {
    expect(blogListColumns).toBe(
      'id,title,slug,type,excerpt,author,cover_image_url,tags,status,created_at,updated_at,version,publish_at',
    )
    expect(selectColumns(blogListItemSchema)).toBe(`${blogListColumns},author_id`)
  })
})
