import { describe, expect, it } from 'vitest'
import { signInErrorMessage } from './editor-access.ts'

describe('sign-in error messages', () => {
  it('says wrong credentials plainly, words a 503 (whose body auth-js drops), passes others on', () => {
    expect(signInErrorMessage({ message: 'Invalid login credentials', status: 400 })).toBe(
      'Wrong email or password.',
    )
    expect(signInErrorMessage({ message: '{}', status: 503 })).toMatch(
      /^Signing in is not possible right now/,
    )
    expect(signInErrorMessage({ message: 'Email not confirmed', status: 400 })).toBe('Email not confirmed')
    expect(signInErrorMessage({ message: 'fetch failed', status: 0, name: 'AuthRetryableFetchError' })).toBe(
      'The server cannot be reached. Check the connection and try again.',
    )
  })
})
