export function Component() {
  return <main><h1>TestEmailPage</h1></main>
}
