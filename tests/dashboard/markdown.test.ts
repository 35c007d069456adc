// The transcript's reply renderer: the pinned marked, then an allow-list rebuild; nothing in a reply
// becomes markup beyond the kept elements, and no link leaves http(s) or mailto.
import { describe, expect, test } from 'bun:test'
import { replyHtml, safeHref, sanitiseHtml } from '../../src/features/dashboard/markdown'

describe('replyHtml', () => {
  test('renders the Markdown replies are written in', () => {
    expect(replyHtml('We bake **every day**.\n\n*Source: [Opening hours](https://bakery.example/hours)*')).toBe(
      '<p>We bake <strong>every day</strong>.</p><p><em>Source: <a href="https://bakery.example/hours" rel="noopener noreferrer nofollow ugc" target="_blank">Opening hours</a></em></p>',
    )
    expect(replyHtml('- Sourdough\n- Rye')).toBe('<ul><li>Sourdough</li><li>Rye</li></ul>')
    expect(replyHtml('Line one\nline two')).toBe('<p>Line one<br>line two</p>')
    expect(replyHtml('3. third\n4. fourth')).toBe('<ol start="3"><li>third</li><li>fourth</li></ol>')
    expect(replyHtml('`a < b`')).toBe('<p><code>a &lt; b</code></p>')
  })

  test('a heading is a bold paragraph, not a heading of the page', () => {
    expect(replyHtml('# Prices')).toBe('<p><strong>Prices</strong></p>')
  })

  test('raw HTML does not run: scripts and images go with their content, other tags leave their text', () => {
    const html = replyHtml('Hi <script>alert(1)</script><img src=x onerror="alert(2)"> <b onclick="alert(3)">bold</b> <span style="color:red">plain</span>')
    expect(html).not.toMatch(/<script|<img|onerror|onclick|<span|style=|alert/)
    expect(html).toContain('<b>bold</b>')
    expect(html).toContain('plain')
  })

  test('links only to http(s) and mailto; others keep their text only', () => {
    const html = replyHtml('[a](javascript:alert(1)) [b](data:text/html,x) [c](//evil.example) [d](mailto:shop@bakery.example) [e](java\tscript:alert(1))')
    expect(html).not.toMatch(/javascript|data:|evil\.example|href="java/)
    expect(html).toStartWith('<p>a b c <a href="mailto:shop@bakery.example"')
  })

  test('entities and quotes stay text; attributes cannot be broken out of', () => {
    expect(replyHtml('&lt;script&gt; & "quotes"')).toBe('<p>&lt;script&gt; &amp; &quot;quotes&quot;</p>')
    const titled = replyHtml('[x](https://bakery.example "a\\" onmouseover=\\"alert(1)")')
    // The quote stays inside the title: the attribute cannot be left.
    expect(titled).toContain('title="a&quot; onmouseover=&quot;alert(1)" rel=')
  })
})

describe('sanitiseHtml', () => {
  test('unclosed and stray tags cannot leave an element open', () => {
    expect(sanitiseHtml('<p><strong>open')).toBe('<p><strong>open</strong></p>')
    expect(sanitiseHtml('</div>text</em>')).toBe('text')
    expect(sanitiseHtml('<svg><p>inside</p></svg>after')).toBe('after')
  })

  test('only the kept attributes, checked', () => {
    expect(sanitiseHtml('<ol start="2" class="x"><li>a</li></ol>')).toBe('<ol start="2"><li>a</li></ol>')
    expect(sanitiseHtml('<ol start="2;x"><li>a</li></ol>')).toBe('<ol><li>a</li></ol>')
    expect(sanitiseHtml('<td align="center" onclick="x">c</td>')).toBe('<td align="center">c</td>')
  })
})

test('safeHref', () => {
  expect(safeHref('https://bakery.example/a?b=c')).toBe('https://bakery.example/a?b=c')
  expect(safeHref(' JAVASCRIPT:alert(1)')).toBeNull()
  expect(safeHref('/relative')).toBeNull()
  expect(safeHref('http://')).toBeNull()
})
