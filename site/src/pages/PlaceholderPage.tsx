export function Component() {
  return <main><h1>PlaceholderPage</h1></main>
}
