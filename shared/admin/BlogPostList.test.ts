import { describe, expect, it } from 'vitest'
import { pageCount } from './BlogPostList.tsx'
import { rowSyncState, syncStateBadges } from './BlogPostList.utils.ts'
import { rejectionMessages } from './CoverImageDropzone.tsx'

describe('admin list pages', () => {
  it('gives "Page 1 of 2" for 6 posts at 5 per page, and at least one page', () => {
    expect(pageCount(6, 5)).toBe(2)
    expect(pageCount(5, 5)).toBe(1)
    expect(pageCount(0, 5)).toBe(1)
  })
})

describe('cover drop zone messages', () => {
  it("shows each of react-dropzone's messages once", () => {
    const file = Object.assign(new File(['x'], 'a.txt'), { path: 'a.txt', relativePath: 'a.txt' })
    const messages = rejectionMessages([
      { file, errors: [{ code: 'too-many-files', message: 'Too many files' }] },
      {
        file,
        errors: [
          { code: 'too-many-files', message: 'Too many files' },
          { code: 'file-invalid-type', message: 'File type must be image/*' },
        ],
      },
    ])
    expect(messages).toEqual(['Too many files', 'File type must be image/*'])
  })
})

describe('sync state badges', () => {
  it('labels the desktop rows by how they stand, and gives browser rows none', () => {
    expect(rowSyncState({ syncState: 'pending' })).toBe('pending')
    expect(syncStateBadges.pending.label).toBe('Waiting to sync')
    expect(syncStateBadges.attention.label).toBe('Needs attention')
    expect(rowSyncState({ id: 'p1' })).toBeNull()
    expect(rowSyncState({ syncState: 'bogus' })).toBeNull()
  })
})
