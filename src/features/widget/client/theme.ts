/** The widget's colours: CSS custom properties from chatbot_color1/2, adjusted until text reads at WCAG AA. */

type Rgb = [number, number, number]

function parseHex(colour: string): Rgb | null {
  let s = colour.trim().replace(/^#/, '')
  if (/^[0-9a-f]{3}$/i.test(s)) s = s.replace(/./g, (c) => c + c)
  if (!/^[0-9a-f]{6}$/i.test(s)) return null
  return [0, 2, 4].map((i) => parseInt(s.slice(i, i + 2), 16)) as Rgb
}

const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((v) => {
    const x = v / 255
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]

const DARK: Rgb = [31, 35, 40]
const LIGHT: Rgb = [255, 255, 255]
const bestText = (bg: Rgb): Rgb => (contrast(DARK, bg) >= contrast(LIGHT, bg) ? DARK : LIGHT)

export function themeOf(colour1: string, colour2: string): Record<string, string> {
  const primary = parseHex(colour1) ?? [31, 111, 235]
  const bg = parseHex(colour2) ?? [255, 255, 255]
  const onPrimary = contrast(bg, primary) >= 4.5 ? bg : bestText(primary)
  const fg = bestText(bg)
  let muted = mix(fg, bg, 0.32)
  if (contrast(muted, bg) < 4.5) muted = fg
  // Accent text (links in bot bubbles, "Back to chat", outlined buttons) sits on the tinted
  // surfaces too, so it must read at 4.5:1 on each: moved towards fg until it does.
  const tints = [bg, mix(bg, fg, 0.06), mix(bg, primary, 0.1)]
  const readable = (c: Rgb) => tints.every((t) => contrast(c, t) >= 4.5)
  let accent = primary
  for (let step = 1; step < 20 && !readable(accent); step++) accent = mix(primary, fg, step / 20)
  if (!readable(accent)) accent = fg
  return {
    '--cbw-primary': toHex(primary),
    '--cbw-on-primary': toHex(onPrimary),
    '--cbw-bg': toHex(bg),
    '--cbw-fg': toHex(fg),
    '--cbw-muted': toHex(muted),
    '--cbw-surface': toHex(mix(bg, fg, 0.06)),
    '--cbw-surface-2': toHex(mix(bg, fg, 0.03)),
    '--cbw-border': toHex(mix(bg, fg, 0.16)),
    '--cbw-accent': toHex(accent),
    '--cbw-ring': toHex(contrast(primary, bg) >= 3 ? primary : fg),
    '--cbw-soft': toHex(mix(bg, primary, 0.1)),
  }
}
