import { expect, test } from 'bun:test'
import { extractHtmlText } from '../../src/features/training/html-text.ts'
import { CODE_LINE_BREAK } from '../../src/lib/sentences.ts'

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
  const html = `<body><header class="site-header"><p class="site-title"><a href="/">Harbour Bakery</a></p><nav><a href="/cakes">Cakes</a></nav></header>
    <main><article><header class="entry-header"><h1 class="entry-title">Wedding cakes</h1></header>
    <div class="entry-content"><p>We bake tiered cakes to order.</p></div>
    <footer><p>Orders need two weeks.</p></footer></article></main>
    <footer><p>© 2026 Harbour Bakery</p></footer></body>`
  expect(extractHtmlText(html).text).toBe(['Wedding cakes', 'We bake tiered cakes to order.', 'Orders need two weeks.'].join('\n\n'))
})

test("a theme's class word on the page or its content never hides it: chrome is what is mostly links", () => {
  // sphinx_rtd_theme and WordPress themes name the body and the content's wrapper after the navigation or sidebar beside it.
  const html = `<body class="wy-body-for-nav has-main-navigation ast-right-sidebar"><div class="wy-nav-content-wrap content-sidebar-wrap">
    <div class="menu"><a href="/">Home</a> <a href="/about">About us</a></div>
    <section id="menu"><h2>Menu</h2><p>Sourdough loaf, 4.50 €. Rye bread, 3.80 €.</p><p><a href="/order">Order online</a></p></section>
    <div class="header"><p>Next: <a href="#x">Grouping Commands</a>, Previous: <a href="#y">Looping Constructs</a>, Up: <a href="#z">Compound Commands</a></p></div>
    <p>Open every day.</p></div></body>`
  expect(extractHtmlText(html).text).toBe(['Menu', 'Sourdough loaf, 4.50 €. Rye bread, 3.80 €.', 'Order online', 'Open every day.'].join('\n\n'))
})

test("a FAQ's questions linked back to its contents stay; permalink signs and screen-reader text go", () => {
  const html = `<h3><a class="toc-backref" href="#id5">Is there a tool to find bugs?</a><a class="headerlink" href="#is-there" title="Link to this heading">¶</a></h3>
    <p>Yes. <a class="skip-link screen-reader-text" href="#content">Skip to content</a>Pyflakes finds them <span class="sr-only">(opens in a new tab)</span>quickly.</p>`
  expect(extractHtmlText(html).text).toBe('Is there a tool to find bugs?\n\nYes. Pyflakes finds them quickly.')
})

test("a page footer's address stays, its copyright line and its links go", () => {
  const html = `<main><p>We bake every morning.</p></main>
    <footer><h4>Location</h4><p>2215 John Daniel Drive, Clark, MO 65243</p><p><a href="/privacy">Privacy</a></p><div class="copyright">Copyright © Harbour Bakery 2026</div></footer>
    <footer class="site-footer"><a href="/a">Imprint</a> <a href="/b">Terms</a></footer>`
  expect(extractHtmlText(html).text).toBe(['We bake every morning.', 'Location', '2215 John Daniel Drive, Clark, MO 65243', 'Privacy'].join('\n\n'))
})

test('without <title> the first non-empty <h1> is the title, even inside <header>', () => {
  const html = '<body><header><h1> </h1><h1>Welcome <em>home</em></h1></header><h1>Second</h1><p>Body</p></body>'
  expect(extractHtmlText(html)).toEqual({ title: 'Welcome home', text: 'Welcome home\n\nSecond\n\nBody' })
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

test("an accordion's answers and a tab's panels, hidden until the visitor opens them, are text; a hidden block nothing opens is not", () => {
  const { text } = extractHtmlText(`<main><h2>Delivery</h2>
<h3><button aria-expanded="false" aria-controls="a1" id="q1">Do you deliver on Sundays?</button></h3>
<div id="a1" role="region" aria-labelledby="q1" hidden><p>No, deliveries run Monday to Saturday.</p></div>
<h3><button aria-expanded="false" aria-controls="a2">Is delivery free?</button></h3>
<div id="a2" hidden><p>Orders over 30 euros ship free.</p></div>
<div role="tablist"><span role="tab" aria-controls="t2">Returns</span></div>
<div role="tabpanel" id="t2" style="display: none">Returns are accepted for 14 days.</div>
<div id="promo" hidden>Secret coupon</div>
<div aria-hidden="true">decoration</div></main>`)
  expect(text).toContain('Do you deliver on Sundays?\n\nNo, deliveries run Monday to Saturday.')
  expect(text).toContain('Is delivery free?\n\nOrders over 30 euros ship free.')
  expect(text).toContain('Returns are accepted for 14 days.')
  expect(text).not.toContain('Secret coupon')
  expect(text).not.toContain('decoration')
})

test('inline elements do not split words; block elements do', () => {
  expect(extractHtmlText('<p>bak<b>ery</b></p><div>next</div>').text).toBe('bakery\n\nnext')
})

test("a <pre>'s lines stay lines of one code block, with their spacing; a one-line <pre> is a line of text", () => {
  const { text } = extractHtmlText(`<main><p>Add to the crontab:</p>
<pre><code><span class="c"># nightly</span>
30 2 * * *  root  run

\tMAILTO=&lt;admin&gt;
</code></pre><pre>  rsync -a  a b  </pre><p>Done.</p></main>`)
  expect(text).toBe(`Add to the crontab:\n\n${['# nightly', '30 2 * * *  root  run', '  MAILTO=<admin>'].join(CODE_LINE_BREAK)}\n\nrsync -a a b\n\nDone.`)
})
