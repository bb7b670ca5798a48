export function Component() {
  return <main><h1>ResourcesPage</h1></main>
}
