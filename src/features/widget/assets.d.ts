// The widget's static assets are imported as text (`with { type: 'text' }`) so that
// `bun build --compile` embeds them in the binary.
declare module '*/chatbot.js' {
  const text: string;
  export default text;
}
declare module '*/chatbot.css' {
  const text: string;
  export default text;
}
