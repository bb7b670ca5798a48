export function Component() {
  return <main><h1>GetStartedPage</h1></main>
}
