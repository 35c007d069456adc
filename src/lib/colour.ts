/** "#ABC", "abc", "#aabbcc" -> "#aabbcc"; anything else -> null. */
export function normaliseColour(value: string): string | null {
  const hex = value.trim().replace(/^#/, '')
  if (/^[0-9a-f]{3}$/i.test(hex)) return `#${[...hex].map((c) => c + c).join('')}`.toLowerCase()
  if (/^[0-9a-f]{6}$/i.test(hex)) return `#${hex}`.toLowerCase()
  return null
}
