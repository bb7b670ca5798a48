export function Component() {
  return <main><h1>AdminPage</h1></main>
}
