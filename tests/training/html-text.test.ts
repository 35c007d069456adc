import { expect, test } from 'bun:test'
import { extractHtmlText } from '../../src/features/training/html-text.ts'

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>  Harbour   Bakery &amp; Caf&eacute; </title>
  <style>body { color: red }</style>
  <script>var secret = "do not index";</script>
</head>
<body>
  <header><a href="/">Logo text</a></header>
  <nav><ul><li>Home</li><li>Menu</li></ul></nav>
  <main>
    <h1>Our bread</h1>
    <p>We bake   sourdough
       every morning &mdash; since 1998.</p>
    <p>Prices &lt; &euro;5 &#x2014; always&nbsp;fresh.<br>Second line</p>
    <ul><li>Rye</li><li>Spelt</li></ul>
    <table><tr><td>Mon</td><td>7&ndash;19</td></tr></table>
    <div hidden>hidden by attribute</div>
    <span style="display: none">hidden by style</span>
    <noscript>enable JavaScript</noscript>
    <template><p>template text</p></template>
    <svg><title>svg title</title><text>svg text</text></svg>
    <form><label>Email</label><input name="e"><button>Send</button></form>
    <iframe src="/ad">iframe text</iframe>
  </main>
  <aside>Related posts</aside>
  <footer>© footer text</footer>
</body>
</html>`

test('title comes from <title>, collapsed and with entities decoded', () => {
  expect(extractHtmlText(PAGE).title).toBe('Harbour Bakery & Café')
})

test('visible text only: chrome, scripts and hidden parts are dropped', () => {
  const { text } = extractHtmlText(PAGE)
  for (const hidden of [
    'secret',
    'color: red',
    'Logo text',
    'Home',
    'hidden by attribute',
    'hidden by style',
    'enable JavaScript',
    'template text',
    'svg',
    'Email',
    'Send',
    'iframe text',
    'Related posts',
    'footer text',
  ]) {
    expect(text).not.toContain(hidden)
  }
  expect(text).toBe(['Our bread', 'We bake sourdough every morning — since 1998.', 'Prices < €5 — always fresh.\nSecond line', 'Rye', 'Spelt', 'Mon 7–19'].join('\n\n'))
})

test("a page's own table of contents (list items that only link to its anchors) is dropped; a list of other links stays", () => {
  const html = `<h2>Frequently Asked Questions</h2>
    <ol><li><a href="#q1">How do I create an AUTOINCREMENT field?</a></li><li><a href="#q2">Is SQLite threadsafe?</a></li></ol>
    <ul><li><a href="https://example.org/a">The download page</a></li><li>See <a href="#q2">question 2</a> for threads.</li></ul>
    <p><a name="q1"></a>(1) How do I create an AUTOINCREMENT field?</p><p>A column declared INTEGER PRIMARY KEY will autoincrement.</p>`
  const { text } = extractHtmlText(html)
  expect(text.match(/How do I create an AUTOINCREMENT field\?/g)).toHaveLength(1)
  expect(text).not.toContain('Is SQLite threadsafe?')
  expect(text).toContain('The download page')
  expect(text).toContain('See question 2 for threads.')
  expect(text).toContain('A column declared INTEGER PRIMARY KEY will autoincrement.')
})

test("an article's own header and footer (its heading, its byline) are content; the page's are chrome", () => {
  const html = `<body><header class="site-header"><p>Harbour Bakery</p><p>Fresh every day</p></header>
    <main><article><header class="entry-header"><h1 class="entry-title">Wedding cakes</h1></header>
    <div class="entry-content"><p>We bake tiered cakes to order.</p></div>
    <footer><p>Orders need two weeks.</p></footer></article></main>
    <footer><p>© 2026 Harbour Bakery</p></footer></body>`
  expect(extractHtmlText(html).text).toBe(['Wedding cakes', 'We bake tiered cakes to order.', 'Orders need two weeks.'].join('\n\n'))
})

test('without <title> the first non-empty <h1> is the title, even inside <header>', () => {
  const html = '<body><header><h1> </h1><h1>Welcome <em>home</em></h1></header><h1>Second</h1><p>Body</p></body>'
  expect(extractHtmlText(html)).toEqual({ title: 'Welcome home', text: 'Second\n\nBody' })
})

test('an <svg> <title> is not the page title', () => {
  expect(extractHtmlText('<svg><title>Icon</title></svg><p>Text</p>').title).toBeNull()
})

test('no title and no text gives null and an empty string', () => {
  expect(extractHtmlText('')).toEqual({ title: null, text: '' })
  expect(extractHtmlText('<script>x()</script>')).toEqual({ title: null, text: '' })
})

test('unclosed and misnested markup still ends hidden regions where the parser closes them', () => {
  const html = '<p>one<nav>menu</nav><p>two<div><span>three</div>four'
  expect(extractHtmlText(html).text).toBe('one\n\ntwo\n\nthree\n\nfour')
})

test('inline elements do not split words; block elements do', () => {
  expect(extractHtmlText('<p>bak<b>ery</b></p><div>next</div>').text).toBe('bakery\n\nnext')
})
