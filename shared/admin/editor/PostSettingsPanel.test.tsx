// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { emptyFormValues } from '../BlogEditorForm.utils.ts'
import { PostSettingsPanel } from './PostSettingsPanel.tsx'

afterEach(cleanup)

describe('the tag field', () => {
  it('says that commas separate tags and what a tag may hold', () => {
    render(
      <PostSettingsPanel
        drawer={{ id: 'settings', open: true, toggle: () => {}, close: () => {} }}
        form={{ values: emptyFormValues(), set: () => {} }}
        cover={{ progress: null, uploadCover: async () => {} }}
      />,
    )
    const field = screen.getByLabelText('Tags (comma-separated)')
    const hint = document.getElementById(field.getAttribute('aria-describedby') ?? '')
    expect(hint?.textContent).toBe(
      `Commas separate tags, so a tag cannot contain one. Each tag: up to 50 letters, numbers, spaces and # + - . & ' ’ " / _ ( )`,
    )
  })
})
