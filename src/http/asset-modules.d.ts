// The API docs page's pinned Swagger UI files are imported as text so `bun build --compile` embeds them.
declare module 'swagger-ui-dist/swagger-ui.css' {
  const text: string
  export default text
}
declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  const text: string
  export default text
}
