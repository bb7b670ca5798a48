export function Component() {
  return <main><h1>PostPage</h1></main>
}
