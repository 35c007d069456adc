// The dashboard's stylesheet and script are imported as text so `bun build --compile` embeds them.
declare module '*/dashboard.css' {
  const text: string
  export default text
}
declare module '*/dashboard.js' {
  const text: string
  export default text
}
