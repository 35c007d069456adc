/*!
 * Chatbot widget. Plain browser JavaScript (ES2019), no dependencies, no build step.
 *
 * Embed:
 *   <script defer src="https://cdn.jsdelivr.net/npm/marked/marked.min.js"></script>
 *   <link rel="stylesheet" href="<PUBLIC_URL>/widget/chatbot.css">
 *   <script defer src="<PUBLIC_URL>/widget/chatbot.js" data-chatbot-id="X"></script>
 *
 * Every widget lives in its own Shadow DOM under a <chatbot-widget> element appended to
 * <body>, so neither the page's CSS nor ours leaks across. Several widgets per page work.
 */
(function () {
  'use strict';

  if (typeof window === 'undefined' || typeof document === 'undefined') return;

  var SCRIPT_PATH = '/widget/chatbot.js';
  var INIT_ATTR = 'data-chatbot-initialised';
  var HOST_TAG = 'chatbot-widget';
  var MAX_MESSAGE = 4000;
  var MAX_UPLOAD = 10 * 1024 * 1024;
  var MAX_TRANSCRIPT = 100;
  var SVG_NS = 'http://www.w3.org/2000/svg';

  var T_KNOWLEDGE = 'Knowledge Retrieval';
  var T_BUSINESS = 'Business Enquiries';
  var T_DATA = 'Data Collection';
  var T_QUOTE = 'Quote Generation';
  var T_APPOINTMENT = 'Appointment/Calendar Support';

  /* ------------------------------------------------------------------ utilities */

  function isObj(v) {
    return v !== null && typeof v === 'object';
  }

  function str(v) {
    if (v === null || v === undefined) return '';
    return typeof v === 'string' ? v : String(v);
  }

  function arr(v) {
    return Array.isArray(v) ? v : [];
  }

  var uidCounter = 0;
  function uid(prefix) {
    uidCounter += 1;
    return 'cbw-' + prefix + '-' + uidCounter;
  }

  function randomId() {
    var c = window.crypto || window.msCrypto;
    try {
      if (c && typeof c.randomUUID === 'function') return c.randomUUID();
    } catch (e) {
      /* randomUUID needs a secure context; fall through */
    }
    var bytes = new Uint8Array(16);
    try {
      c.getRandomValues(bytes);
    } catch (e2) {
      for (var i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
    }
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = '';
    for (var j = 0; j < 16; j++) {
      hex += (bytes[j] + 0x100).toString(16).slice(1);
      if (j === 3 || j === 5 || j === 7 || j === 9) hex += '-';
    }
    return hex;
  }

  // Storage that never throws (private mode, sandboxed iframes, disabled cookies).
  function makeStore(kind) {
    var memory = {};
    var real = null;
    try {
      real = window[kind];
      var probe = '__chatbot_probe__';
      real.setItem(probe, '1');
      real.removeItem(probe);
    } catch (e) {
      real = null;
    }
    return {
      get: function (k) {
        try {
          if (real) return real.getItem(k);
        } catch (e) {
          /* ignore */
        }
        return Object.prototype.hasOwnProperty.call(memory, k) ? memory[k] : null;
      },
      set: function (k, v) {
        memory[k] = v;
        try {
          if (real) real.setItem(k, v);
        } catch (e) {
          /* quota or disabled: memory copy is kept */
        }
      },
      remove: function (k) {
        delete memory[k];
        try {
          if (real) real.removeItem(k);
        } catch (e) {
          /* ignore */
        }
      }
    };
  }

  var localStore = makeStore('localStorage');
  var sessionStore = makeStore('sessionStorage');

  function readJSON(store, key) {
    var raw = store.get(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw);
    } catch (e) {
      return null;
    }
  }

  /** fetch() that always resolves to {ok, status, data, network}. */
  function request(method, url, body, isForm) {
    var init = { method: method, credentials: 'omit', mode: 'cors', headers: { Accept: 'application/json' } };
    if (body !== undefined && body !== null) {
      if (isForm) {
        init.body = body;
      } else {
        init.headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(body);
      }
    }
    var p;
    try {
      p = window.fetch(url, init);
    } catch (e) {
      return Promise.resolve({ ok: false, status: 0, data: null, network: true });
    }
    return p.then(
      function (res) {
        return res.text().then(
          function (text) {
            var data = null;
            if (text) {
              try {
                data = JSON.parse(text);
              } catch (e) {
                data = null;
              }
            }
            return { ok: res.ok, status: res.status, data: data, network: false };
          },
          function () {
            return { ok: res.ok, status: res.status, data: null, network: false };
          }
        );
      },
      function () {
        return { ok: false, status: 0, data: null, network: true };
      }
    );
  }

  function errorText(r) {
    if (r && isObj(r.data) && typeof r.data.error === 'string' && r.data.error.trim()) return r.data.error;
    if (!r || r.network) return "We couldn't reach the chat service. Please check your connection and try again.";
    if (r.status === 429) return 'Too many messages. Please try again later.';
    if (r.status === 413) return 'That file is too large.';
    return 'Something went wrong (error ' + r.status + '). Please try again.';
  }

  /* ------------------------------------------------------------------ DOM helpers */

  function h(tag, attrs, children) {
    var el = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        var v = attrs[k];
        if (v === null || v === undefined || v === false) return;
        if (k === 'text') el.textContent = str(v);
        else if (k === 'class') el.className = v;
        else if (k.slice(0, 2) === 'on' && typeof v === 'function') el.addEventListener(k.slice(2), v);
        else if (v === true) el.setAttribute(k, '');
        else el.setAttribute(k, str(v));
      });
    }
    appendAll(el, children);
    return el;
  }

  function appendAll(el, children) {
    if (children === null || children === undefined) return;
    if (!Array.isArray(children)) children = [children];
    children.forEach(function (c) {
      if (c === null || c === undefined || c === false) return;
      el.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
    });
  }

  function clear(el) {
    while (el.firstChild) el.removeChild(el.firstChild);
  }

  function svgIcon(paths, size) {
    var svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('width', String(size || 24));
    svg.setAttribute('height', String(size || 24));
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('focusable', 'false');
    svg.setAttribute('fill', 'none');
    svg.setAttribute('stroke', 'currentColor');
    svg.setAttribute('stroke-width', '2');
    svg.setAttribute('stroke-linecap', 'round');
    svg.setAttribute('stroke-linejoin', 'round');
    paths.forEach(function (d) {
      var p = document.createElementNS(SVG_NS, 'path');
      p.setAttribute('d', d);
      svg.appendChild(p);
    });
    return svg;
  }

  var ICON_CHAT = ['M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-5A8 8 0 1 1 21 12z', 'M8.5 12h.01M12 12h.01M15.5 12h.01'];
  var ICON_CLOSE = ['M6 6l12 12', 'M18 6L6 18'];
  var ICON_DOWN = ['M6 9l6 6 6-6'];
  var ICON_SEND = ['M4 12l16-8-6 16-2.5-6.5z', 'M11.5 13.5L20 4'];
  var ICON_BACK = ['M15 18l-6-6 6-6'];
  var ICON_CLIP = ['M21 11.5l-8.5 8.5a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3L15 7.5'];

  /* ------------------------------------------------------------------ colours */

  function parseHex(c) {
    if (typeof c !== 'string') return null;
    var s = c.trim().replace(/^#/, '');
    if (/^[0-9a-f]{3}$/i.test(s)) s = s[0] + s[0] + s[1] + s[1] + s[2] + s[2];
    if (!/^[0-9a-f]{6}$/i.test(s)) return null;
    return [parseInt(s.slice(0, 2), 16), parseInt(s.slice(2, 4), 16), parseInt(s.slice(4, 6), 16)];
  }

  function toHex(rgb) {
    return (
      '#' +
      rgb
        .map(function (v) {
          var n = Math.max(0, Math.min(255, Math.round(v)));
          return (n + 0x100).toString(16).slice(1);
        })
        .join('')
    );
  }

  function luminance(rgb) {
    var c = rgb.map(function (v) {
      var x = v / 255;
      return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  }

  function contrast(a, b) {
    var la = luminance(a);
    var lb = luminance(b);
    return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
  }

  function mix(a, b, t) {
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
  }

  var DARK = [31, 35, 40];
  var LIGHT = [255, 255, 255];

  function bestText(bg) {
    return contrast(DARK, bg) >= contrast(LIGHT, bg) ? DARK : LIGHT;
  }

  /** CSS custom properties derived from chatbot_color1/2 with readable contrast. */
  function theme(c1, c2) {
    var primary = parseHex(c1) || [31, 111, 235];
    var secondary = parseHex(c2) || [255, 255, 255];
    var onPrimary = contrast(secondary, primary) >= 4.5 ? secondary : bestText(primary);
    var bg = secondary;
    var fg = bestText(bg);
    var muted = mix(fg, bg, 0.32);
    if (contrast(muted, bg) < 4.5) muted = fg;
    // Accent text (links in bot bubbles, "Back to chat", outlined buttons) also sits on the tinted
    // surfaces, so it must read at 4.5:1 on each of them: darken (or lighten) it towards fg until it does.
    var tints = [bg, mix(bg, fg, 0.06), mix(bg, primary, 0.1)];
    function readable(c) {
      return tints.every(function (t) {
        return contrast(c, t) >= 4.5;
      });
    }
    var accent = primary;
    for (var step = 1; step < 20 && !readable(accent); step++) accent = mix(primary, fg, step / 20);
    if (!readable(accent)) accent = fg;
    var ring = contrast(primary, bg) >= 3 ? primary : fg;
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
      '--cbw-ring': toHex(ring),
      '--cbw-soft': toHex(mix(bg, primary, 0.1))
    };
  }

  /* ------------------------------------------------------------------ markdown + sanitiser */

  var ALLOWED_TAGS = {
    a: ['href', 'title'],
    abbr: ['title'],
    b: [],
    blockquote: [],
    br: [],
    code: [],
    dd: [],
    del: [],
    dl: [],
    dt: [],
    em: [],
    h1: [],
    h2: [],
    h3: [],
    h4: [],
    h5: [],
    h6: [],
    hr: [],
    i: [],
    img: ['src', 'alt', 'title', 'width', 'height'],
    kbd: [],
    li: [],
    mark: [],
    ol: ['start'],
    p: [],
    pre: [],
    s: [],
    small: [],
    span: [],
    strong: [],
    sub: [],
    sup: [],
    table: [],
    tbody: [],
    td: ['align', 'colspan', 'rowspan'],
    tfoot: [],
    th: ['align', 'colspan', 'rowspan', 'scope'],
    thead: [],
    tr: [],
    u: [],
    ul: []
  };

  // Removed together with everything inside them.
  var DROPPED_TAGS = {
    applet: 1, audio: 1, base: 1, button: 1, canvas: 1, dialog: 1, embed: 1, form: 1, frame: 1,
    frameset: 1, head: 1, iframe: 1, input: 1, link: 1, math: 1, meta: 1, noembed: 1, noframes: 1,
    noscript: 1, object: 1, option: 1, plaintext: 1, portal: 1, script: 1, select: 1, source: 1,
    style: 1, svg: 1, template: 1, textarea: 1, title: 1, track: 1, video: 1, xmp: 1
  };

  /** Returns the URL if its scheme is safe (or it is relative), else null. */
  function safeUrl(value, imageOnly) {
    var raw = str(value).trim();
    // Browsers ignore control characters and whitespace inside schemes ("java\tscript:").
    var compact = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
    if (!compact) return null;
    var m = /^([a-z][a-z0-9+.\-]*):/i.exec(compact);
    if (!m) {
      if (imageOnly) return null; // images must be absolute http(s) URLs
      // Relative URL. Reject anything that still contains a colon before the first slash.
      var firstSlash = compact.search(/[\/?#]/);
      var head = firstSlash === -1 ? compact : compact.slice(0, firstSlash);
      return head.indexOf(':') === -1 && head.indexOf('&') === -1 ? raw : null;
    }
    var scheme = m[1].toLowerCase();
    var allowed = imageOnly ? ['http', 'https'] : ['http', 'https', 'mailto', 'tel'];
    return allowed.indexOf(scheme) === -1 ? null : raw;
  }

  function copySanitised(src, dst, depth) {
    if (depth > 50) return;
    for (var n = src.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3) {
        dst.appendChild(document.createTextNode(n.nodeValue));
        continue;
      }
      if (n.nodeType !== 1) continue; // comments, processing instructions, ...
      var tag = str(n.nodeName).toLowerCase();
      if (Object.prototype.hasOwnProperty.call(DROPPED_TAGS, tag)) continue;
      if (!Object.prototype.hasOwnProperty.call(ALLOWED_TAGS, tag)) {
        copySanitised(n, dst, depth + 1); // unknown element: keep its text, drop the element
        continue;
      }
      var el = document.createElement(tag);
      var ok = true;
      ALLOWED_TAGS[tag].forEach(function (name) {
        var v = n.getAttribute(name);
        if (v === null) return;
        if (name === 'href' || name === 'src') {
          v = safeUrl(v, tag === 'img');
          if (v === null) {
            if (tag === 'img') ok = false;
            return;
          }
        } else if (name === 'width' || name === 'height' || name === 'colspan' || name === 'rowspan' || name === 'start') {
          if (!/^\d{1,4}$/.test(v)) return;
        } else if (name === 'align') {
          if (!/^(left|right|center|justify)$/i.test(v)) return;
        } else if (name === 'scope') {
          if (!/^(row|col|rowgroup|colgroup)$/i.test(v)) return;
        }
        el.setAttribute(name, v);
      });
      if (!ok) continue;
      if (tag === 'img' && !el.hasAttribute('src')) continue;
      if (tag === 'a') {
        if (el.hasAttribute('href')) {
          el.setAttribute('target', '_blank');
          el.setAttribute('rel', 'noopener noreferrer nofollow ugc');
        }
      }
      if (tag === 'img') {
        el.setAttribute('loading', 'lazy');
        el.setAttribute('referrerpolicy', 'no-referrer');
      }
      copySanitised(n, el, depth + 1);
      dst.appendChild(el);
    }
  }

  /**
   * Parses untrusted HTML with DOMParser (inert: no scripts run, nothing loads) and rebuilds an
   * allow-listed copy node by node, so the result never goes through innerHTML.
   * Returns a DocumentFragment, or null when DOMParser is unavailable.
   */
  function sanitizeHtml(html) {
    if (typeof window.DOMParser !== 'function') return null;
    var doc;
    try {
      doc = new window.DOMParser().parseFromString('<!doctype html><html><body>' + str(html) + '</body></html>', 'text/html');
    } catch (e) {
      return null;
    }
    if (!doc || !doc.body) return null;
    var frag = document.createDocumentFragment();
    copySanitised(doc.body, frag, 0);
    return frag;
  }

  function markdownToHtml(text) {
    var m = window.marked;
    if (!m) return null;
    try {
      var out = null;
      if (typeof m.parse === 'function') out = m.parse(text);
      else if (typeof m === 'function') out = m(text);
      else if (m.marked && typeof m.marked.parse === 'function') out = m.marked.parse(text);
      return typeof out === 'string' ? out : null; // a Promise (async mode) is ignored
    } catch (e) {
      return null;
    }
  }

  /** Renders a bot reply: sanitised Markdown when marked is on the page, else plain text. */
  function renderRich(el, text) {
    var html = markdownToHtml(str(text));
    if (html !== null) {
      var frag = sanitizeHtml(html);
      if (frag) {
        el.classList.add('cbw-md');
        el.appendChild(frag);
        return;
      }
    }
    el.classList.add('cbw-plain');
    el.textContent = str(text);
  }

  /* ------------------------------------------------------------------ formatting */

  function locale() {
    var l = (document.documentElement && document.documentElement.getAttribute('lang')) || navigator.language || 'en';
    try {
      new Intl.NumberFormat(l);
      return l;
    } catch (e) {
      return 'en';
    }
  }

  function formatMoney(value, currency) {
    var n = Number(value);
    var raw = str(value);
    if (!raw.trim() || !isFinite(n)) return raw;
    var cur = str(currency).trim();
    if (/^[A-Za-z]{3}$/.test(cur)) {
      try {
        return new Intl.NumberFormat(locale(), { style: 'currency', currency: cur.toUpperCase() }).format(n);
      } catch (e) {
        /* unknown code: fall through */
      }
    }
    var num;
    try {
      num = new Intl.NumberFormat(locale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
    } catch (e2) {
      num = n.toFixed(2);
    }
    return cur ? num + ' ' + cur : num;
  }

  function dtf(tz, opts) {
    var o = {};
    Object.keys(opts).forEach(function (k) {
      o[k] = opts[k];
    });
    if (tz) o.timeZone = tz;
    try {
      return new Intl.DateTimeFormat(locale(), o);
    } catch (e) {
      delete o.timeZone;
      return new Intl.DateTimeFormat(locale(), o);
    }
  }

  function formatTime(iso, tz) {
    var d = new Date(iso);
    if (isNaN(d.getTime())) return str(iso);
    return dtf(tz, { hour: 'numeric', minute: '2-digit' }).format(d);
  }

  function formatDateTime(iso, tz) {
    var d = new Date(iso);
    if (isNaN(d.getTime())) return str(iso);
    return dtf(tz, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(d);
  }

  function pad2(n) {
    return (n < 10 ? '0' : '') + n;
  }

  /** Today's date (YYYY-MM-DD) in the given IANA zone, or the browser's zone. */
  function todayIn(tz) {
    var now = new Date();
    if (tz) {
      try {
        var parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
        var map = {};
        parts.forEach(function (p) {
          map[p.type] = p.value;
        });
        if (map.year && map.month && map.day) return map.year + '-' + map.month + '-' + map.day;
      } catch (e) {
        /* fall through */
      }
    }
    return now.getFullYear() + '-' + pad2(now.getMonth() + 1) + '-' + pad2(now.getDate());
  }

  function addDays(ymd, days) {
    var m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
    if (!m) return ymd;
    var d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3] + days));
    return d.getUTCFullYear() + '-' + pad2(d.getUTCMonth() + 1) + '-' + pad2(d.getUTCDate());
  }

  function planField(plan, keys) {
    for (var i = 0; i < keys.length; i++) {
      if (isObj(plan) && plan[keys[i]] !== undefined && plan[keys[i]] !== null) return str(plan[keys[i]]);
    }
    return '';
  }

  function normalisePlans(list) {
    return arr(list)
      .map(function (p) {
        return {
          name: planField(p, ['Product/Service Name', 'name']),
          description: planField(p, ['Product/Service Description', 'description']),
          excl: planField(p, ['Price excluding VAT', 'price_excluding_vat']),
          incl: planField(p, ['Price including VAT', 'price_including_vat'])
        };
      })
      .filter(function (p) {
        return p.name.trim() !== '';
      });
  }

  var EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

  /* ------------------------------------------------------------------ script discovery */

  function scriptPath(script) {
    try {
      return new URL(script.src, document.baseURI).pathname;
    } catch (e) {
      return '';
    }
  }

  function isWidgetScript(s) {
    if (!s || !s.getAttribute || !s.getAttribute('data-chatbot-id')) return false;
    var p = scriptPath(s);
    return p.slice(-SCRIPT_PATH.length) === SCRIPT_PATH;
  }

  // Captured now: document.currentScript is null once this synchronous run ends.
  var CURRENT_SCRIPT = document.currentScript;

  function findScripts() {
    var list = [];
    var cs = CURRENT_SCRIPT;
    if (cs && cs.getAttribute && cs.getAttribute('data-chatbot-id')) list.push(cs);
    var all = document.querySelectorAll('script[data-chatbot-id]');
    for (var i = 0; i < all.length; i++) {
      if (list.indexOf(all[i]) === -1 && isWidgetScript(all[i])) list.push(all[i]);
    }
    return list.filter(function (s) {
      return !s.hasAttribute(INIT_ATTR);
    });
  }

  /** API base: the script URL without "/widget/chatbot.js" (normally just its origin). */
  function apiBase(script) {
    var u = new URL(script.src, document.baseURI);
    var path = u.pathname;
    var prefix = path.slice(-SCRIPT_PATH.length) === SCRIPT_PATH ? path.slice(0, -SCRIPT_PATH.length) : '';
    return { base: u.origin + prefix.replace(/\/+$/, ''), search: u.search };
  }

  /* ------------------------------------------------------------------ the widget */

  function Widget(script) {
    this.script = script;
    this.chatbotId = script.getAttribute('data-chatbot-id').trim();
    var b = apiBase(script);
    this.base = b.base;
    this.assetSearch = b.search;
    this.keyVisitor = 'chatbot:' + this.chatbotId + ':visitor';
    this.keySession = 'chatbot:' + this.chatbotId + ':session';
    this.keyTranscript = 'chatbot:' + this.chatbotId + ':transcript';
    this.keyState = 'chatbot:' + this.chatbotId + ':state';
    this.config = null;
    this.isOpen = false;
    this.busy = false;
    this.pending = null; // Data Collection: next_question
    this.done = false; // Data Collection: submission complete
    this.transcript = [];
    this.view = 'chat';
    this.panels = {};
    this.actionButtons = {};
  }

  Widget.prototype.api = function (path) {
    return this.base + '/api/v1.0/' + path;
  };

  Widget.prototype.chatPath = function (suffix) {
    return this.api('chat/' + encodeURIComponent(this.chatbotId) + '/' + (suffix || ''));
  };

  Widget.prototype.visitorId = function () {
    var v = localStore.get(this.keyVisitor);
    if (!v || v.length > 100) {
      v = randomId();
      localStore.set(this.keyVisitor, v);
    }
    return v;
  };

  Widget.prototype.sessionId = function () {
    return sessionStore.get(this.keySession) || null;
  };

  Widget.prototype.setSessionId = function (id) {
    if (id) sessionStore.set(this.keySession, str(id));
    else sessionStore.remove(this.keySession);
  };

  Widget.prototype.saveState = function () {
    sessionStore.set(this.keyTranscript, JSON.stringify(this.transcript.slice(-MAX_TRANSCRIPT)));
    sessionStore.set(this.keyState, JSON.stringify({ pending: this.pending, done: this.done }));
  };

  Widget.prototype.start = function () {
    var self = this;
    self.script.setAttribute(INIT_ATTR, '');
    var url = self.api('widget/' + encodeURIComponent(self.chatbotId) + '/');
    return request('GET', url).then(function (r) {
      if (!r.ok || !isObj(r.data)) {
        if (window.console && console.warn) console.warn('[chatbot] could not load widget ' + self.chatbotId + ': ' + errorText(r));
        return;
      }
      self.config = r.data;
      self.build();
    });
  };

  Widget.prototype.build = function () {
    var self = this;
    var cfg = self.config;
    var type = str(cfg.chatbot_type);
    self.type = type;
    self.title = str(cfg.chatbot_title).trim() || str(cfg.chatbot_name).trim() || 'Chat';

    var host = document.createElement(HOST_TAG);
    host.setAttribute('data-chatbot-id', self.chatbotId);
    host.setAttribute('data-testid', 'chatbot-host');
    var index = document.querySelectorAll(HOST_TAG).length;
    self.host = host;
    var shadow = host.attachShadow ? host.attachShadow({ mode: 'open' }) : host;
    self.shadow = shadow;

    var link = h('link', { rel: 'stylesheet', href: self.base + '/widget/chatbot.css' + (self.assetSearch || '') });
    var root = h('div', {
      class: 'cbw-root' + (str(self.script.getAttribute('data-position')).toLowerCase() === 'left' ? ' cbw-left' : ''),
      'data-testid': 'chatbot-root',
      'data-chatbot-type': type,
      style: 'display:none'
    });
    var vars = theme(cfg.chatbot_color1, cfg.chatbot_color2);
    Object.keys(vars).forEach(function (k) {
      root.style.setProperty(k, vars[k]);
    });
    root.style.setProperty('--cbw-stack', String(index));
    self.root = root;

    var revealed = false;
    function reveal() {
      if (revealed) return;
      revealed = true;
      root.style.removeProperty('display');
    }
    link.addEventListener('load', reveal);
    link.addEventListener('error', reveal);
    setTimeout(reveal, 4000);

    // Launcher
    self.launcherIcon = h('span', { class: 'cbw-launcher-icon' }, svgIcon(ICON_CHAT, 28));
    self.launcher = h(
      'button',
      {
        type: 'button',
        class: 'cbw-launcher',
        'data-testid': 'chatbot-launcher',
        'aria-label': 'Open chat',
        'aria-expanded': 'false',
        title: self.title,
        onclick: function () {
          self.toggle();
        }
      },
      self.launcherIcon
    );

    // Window
    var windowId = uid('window');
    var titleId = uid('title');
    self.launcher.setAttribute('aria-controls', windowId);
    var headerChildren = [];
    if (cfg.logo_url && safeUrl(cfg.logo_url, true)) {
      var logo = h('img', { class: 'cbw-logo', src: cfg.logo_url, alt: '', 'data-testid': 'chatbot-logo', referrerpolicy: 'no-referrer' });
      logo.addEventListener('error', function () {
        logo.hidden = true;
      });
      headerChildren.push(logo);
    }
    headerChildren.push(h('h2', { class: 'cbw-title', id: titleId, 'data-testid': 'chatbot-title', text: self.title }));
    headerChildren.push(
      h(
        'button',
        {
          type: 'button',
          class: 'cbw-icon-btn cbw-close',
          'aria-label': 'Close chat',
          'data-testid': 'chatbot-close',
          onclick: function () {
            self.close(true);
          }
        },
        svgIcon(ICON_CLOSE, 20)
      )
    );
    var header = h('header', { class: 'cbw-header' }, headerChildren);

    self.win = h('div', {
      class: 'cbw-window',
      id: windowId,
      role: 'dialog',
      'aria-label': self.title,
      'data-testid': 'chatbot-window',
      hidden: true
    });
    self.win.addEventListener('keydown', function (e) {
      if (e.key === 'Escape' || e.key === 'Esc') {
        e.stopPropagation();
        self.close(true);
      }
    });

    self.win.appendChild(header);
    var actions = self.buildActions();
    if (actions) self.win.appendChild(actions);
    self.win.appendChild(self.buildChatView());
    Object.keys(self.panels).forEach(function (k) {
      self.win.appendChild(self.panels[k].el);
    });

    root.appendChild(self.win);
    root.appendChild(self.launcher);
    shadow.appendChild(link);
    shadow.appendChild(root);
    document.body.appendChild(host);

    self.restore();
  };

  /* ---------------------------------------------------------------- header actions / panels */

  Widget.prototype.buildActions = function () {
    var self = this;
    var cfg = self.config;
    var buttons = [];
    if (self.type === T_QUOTE) {
      self.panels.quote = self.buildQuotePanel(normalisePlans(cfg.pricing_plans));
      buttons.push(self.actionButton('quote', 'Get a quote', 'quote-open'));
    }
    if (self.type === T_APPOINTMENT) {
      self.panels.booking = self.buildBookingPanel(arr(cfg.calendars));
      buttons.push(self.actionButton('booking', 'Book an appointment', 'booking-open'));
    }
    if (self.type === T_BUSINESS && normalisePlans(cfg.pricing_plans).length) {
      self.panels.prices = self.buildPricesPanel(normalisePlans(cfg.pricing_plans));
      buttons.push(self.actionButton('prices', 'View prices', 'prices-open'));
    }
    if (!buttons.length) return null;
    self.actionsBar = h('div', { class: 'cbw-actions', 'data-testid': 'chatbot-actions' }, buttons);
    return self.actionsBar;
  };

  Widget.prototype.actionButton = function (name, label, testid) {
    var self = this;
    var btn = h('button', {
      type: 'button',
      class: 'cbw-action',
      'data-testid': testid,
      'aria-expanded': 'false',
      'aria-controls': self.panels[name].el.id,
      text: label,
      onclick: function () {
        if (self.view === name) self.showView('chat', true);
        else self.showView(name, true);
      }
    });
    self.actionButtons[name] = btn;
    return btn;
  };

  Widget.prototype.showView = function (name, moveFocus) {
    var self = this;
    self.view = name;
    self.chatView.hidden = name !== 'chat';
    // The panel has its own "Back to chat" button, so the action bar only shows with the chat.
    if (self.actionsBar) self.actionsBar.hidden = name !== 'chat';
    Object.keys(self.panels).forEach(function (k) {
      var p = self.panels[k];
      p.el.hidden = k !== name;
      if (self.actionButtons[k]) {
        self.actionButtons[k].setAttribute('aria-expanded', k === name ? 'true' : 'false');
        self.actionButtons[k].classList.toggle('cbw-action-active', k === name);
      }
      if (k === name && p.onShow) p.onShow();
    });
    if (moveFocus) {
      if (name === 'chat') self.focusInput();
      else if (self.panels[name] && self.panels[name].heading) self.panels[name].heading.focus();
    }
  };

  Widget.prototype.panelShell = function (name, heading, testid) {
    var self = this;
    var headingEl = h('h3', { class: 'cbw-panel-title', tabindex: '-1', id: uid(name + '-heading'), text: heading });
    var back = h(
      'button',
      {
        type: 'button',
        class: 'cbw-back',
        'data-testid': name + '-back',
        onclick: function () {
          self.showView('chat', true);
        }
      },
      [svgIcon(ICON_BACK, 18), h('span', { text: 'Back to chat' })]
    );
    var body = h('div', { class: 'cbw-panel-body' });
    var el = h(
      'section',
      { class: 'cbw-panel', id: uid(name + '-panel'), 'data-testid': testid, 'aria-labelledby': headingEl.id, hidden: true },
      [h('div', { class: 'cbw-panel-head' }, [back, headingEl]), body]
    );
    return { el: el, body: body, heading: headingEl };
  };

  function field(label, input, hint) {
    input.addEventListener('input', function () {
      input.removeAttribute('aria-invalid');
    });
    var id = input.id || uid('f');
    input.id = id;
    var children = [h('label', { class: 'cbw-label', for: id, text: label }), input];
    if (hint) children.push(hint);
    return h('div', { class: 'cbw-field' }, children);
  }

  function showError(el, message) {
    if (message) {
      el.textContent = message;
      el.hidden = false;
    } else {
      el.textContent = '';
      el.hidden = true;
    }
  }

  /* ---------------------------------------------------------------- prices (Business Enquiries) */

  Widget.prototype.buildPricesPanel = function (plans) {
    var shell = this.panelShell('prices', 'Prices', 'prices-panel');
    var currency = str(this.config.currency);
    var list = h('ul', { class: 'cbw-plan-list', 'data-testid': 'prices-list' });
    plans.forEach(function (p) {
      list.appendChild(
        h('li', { class: 'cbw-plan', 'data-testid': 'prices-item', 'data-name': p.name }, [
          h('div', { class: 'cbw-plan-info' }, [
            h('strong', { class: 'cbw-plan-name', text: p.name }),
            p.description ? h('p', { class: 'cbw-plan-desc', text: p.description }) : null
          ]),
          h('div', { class: 'cbw-plan-price' }, [
            p.excl ? h('span', { class: 'cbw-price-main', text: formatMoney(p.excl, currency) }) : null,
            p.excl ? h('span', { class: 'cbw-price-sub', text: 'excl. VAT' }) : null,
            p.incl ? h('span', { class: 'cbw-price-sub', text: formatMoney(p.incl, currency) + ' incl. VAT' }) : null
          ])
        ])
      );
    });
    shell.body.appendChild(list);
    return shell;
  };

  /* ---------------------------------------------------------------- quote (Quote Generation) */

  Widget.prototype.buildQuotePanel = function (plans) {
    var self = this;
    var shell = self.panelShell('quote', 'Get a quote', 'quote-panel');
    var currency = str(self.config.currency);

    if (!plans.length) {
      shell.body.appendChild(h('p', { class: 'cbw-empty', 'data-testid': 'quote-empty', text: 'No products are available for quotes right now.' }));
      return shell;
    }

    var qtyInputs = [];
    var itemList = h('ul', { class: 'cbw-plan-list' });
    plans.forEach(function (p) {
      var input = h('input', {
        type: 'number',
        class: 'cbw-input cbw-qty',
        min: '0',
        max: '10000',
        step: '1',
        value: '0',
        inputmode: 'numeric',
        'data-testid': 'quote-qty',
        'data-name': p.name
      });
      input.id = uid('qty');
      input.addEventListener('input', function () {
        input.removeAttribute('aria-invalid');
        updateEstimate();
      });
      qtyInputs.push({ plan: p, input: input });
      var priceParts = [];
      if (p.excl) priceParts.push(formatMoney(p.excl, currency) + ' excl. VAT');
      if (p.incl) priceParts.push(formatMoney(p.incl, currency) + ' incl. VAT');
      itemList.appendChild(
        h('li', { class: 'cbw-plan', 'data-testid': 'quote-item', 'data-name': p.name }, [
          h('div', { class: 'cbw-plan-info' }, [
            h('strong', { class: 'cbw-plan-name', text: p.name }),
            p.description ? h('p', { class: 'cbw-plan-desc', text: p.description }) : null,
            priceParts.length ? h('p', { class: 'cbw-plan-prices', text: priceParts.join(' · ') }) : null
          ]),
          h('div', { class: 'cbw-qty-wrap' }, [
            h('label', { class: 'cbw-qty-label', for: input.id }, [
              h('span', { 'aria-hidden': 'true', text: 'Qty' }),
              h('span', { class: 'cbw-sr-only', text: 'Quantity of ' + p.name })
            ]),
            input
          ])
        ])
      );
    });

    var estimate = h('p', { class: 'cbw-estimate', 'data-testid': 'quote-estimate', 'aria-live': 'polite' });
    function updateEstimate() {
      var excl = 0;
      var incl = 0;
      var any = false;
      qtyInputs.forEach(function (q) {
        var n = Number(q.input.value);
        if (Number.isInteger(n) && n > 0 && n <= 10000) {
          any = true;
          excl += n * (Number(q.plan.excl) || 0);
          incl += n * (Number(q.plan.incl) || 0);
        }
      });
      estimate.textContent = any
        ? 'Estimated total: ' + formatMoney(excl.toFixed(2), currency) + ' excl. VAT · ' + formatMoney(incl.toFixed(2), currency) + ' incl. VAT'
        : 'Choose the quantities you need.';
    }
    updateEstimate();

    var nameInput = h('input', { type: 'text', class: 'cbw-input', autocomplete: 'name', maxlength: '200', required: true, 'data-testid': 'quote-name' });
    var emailInput = h('input', { type: 'email', class: 'cbw-input', autocomplete: 'email', maxlength: '254', required: true, 'data-testid': 'quote-email' });
    var error = h('p', { class: 'cbw-error', role: 'alert', 'data-testid': 'quote-error', hidden: true });
    var submit = h('button', { type: 'submit', class: 'cbw-btn cbw-btn-primary', 'data-testid': 'quote-submit', text: 'Get my quote' });

    var form = h('form', { class: 'cbw-form', 'data-testid': 'quote-form', novalidate: true }, [
      h('p', { class: 'cbw-panel-intro', text: 'Choose quantities and we will prepare a PDF quote and e-mail it to you.' }),
      h('fieldset', { class: 'cbw-fieldset' }, [h('legend', { class: 'cbw-legend', text: 'Products and services' }), itemList]),
      estimate,
      field('Your name', nameInput),
      field('Your e-mail', emailInput),
      error,
      submit
    ]);

    var result = h('div', { class: 'cbw-result', 'data-testid': 'quote-result', role: 'status', tabindex: '-1', hidden: true });
    form.addEventListener('input', function () {
      showError(error, ''); // a stale error goes away once the visitor edits the form
    });

    function invalid(el, bad) {
      if (bad) el.setAttribute('aria-invalid', 'true');
      else el.removeAttribute('aria-invalid');
    }

    form.addEventListener('submit', function (e) {
      e.preventDefault();
      if (submit.disabled) return;
      showError(error, '');
      var items = [];
      var problem = null;
      var firstBad = null;
      qtyInputs.forEach(function (q) {
        var raw = q.input.value.trim();
        var n = raw === '' ? 0 : Number(raw);
        var bad = !Number.isInteger(n) || n < 0 || n > 10000;
        invalid(q.input, bad);
        if (bad && !problem) {
          problem = 'The quantity of ' + q.plan.name + ' must be a whole number from 0 to 10,000.';
          firstBad = q.input;
        }
        if (!bad && n > 0) items.push({ name: q.plan.name, quantity: n });
      });
      var name = nameInput.value.trim();
      var email = emailInput.value.trim();
      invalid(nameInput, !name);
      invalid(emailInput, !EMAIL_RE.test(email));
      if (!problem && !items.length) {
        problem = 'Choose a quantity for at least one item.';
        firstBad = qtyInputs[0].input;
      }
      if (!problem && !name) {
        problem = 'Please enter your name.';
        firstBad = nameInput;
      }
      if (!problem && !EMAIL_RE.test(email)) {
        problem = 'Please enter a valid e-mail address.';
        firstBad = emailInput;
      }
      if (problem) {
        showError(error, problem);
        if (firstBad) firstBad.focus();
        return;
      }
      var body = { visitor_id: self.visitorId(), client_name: name, client_email: email, items: items };
      var sid = self.sessionId();
      if (sid) body.session_id = sid;
      submit.disabled = true;
      submit.textContent = 'Preparing your quote…';
      form.setAttribute('aria-busy', 'true');
      request('POST', self.chatPath('quote/'), body).then(function (r) {
        submit.disabled = false;
        submit.textContent = 'Get my quote';
        form.removeAttribute('aria-busy');
        if (!r.ok || !isObj(r.data)) {
          showError(error, errorText(r));
          return;
        }
        self.showQuoteResult(result, r.data, email, currency);
        form.hidden = true;
        result.hidden = false;
        result.focus();
      });
    });

    shell.resetQuote = function () {
      form.reset();
      qtyInputs.forEach(function (q) {
        q.input.value = '0';
        invalid(q.input, false);
      });
      invalid(nameInput, false);
      invalid(emailInput, false);
      updateEstimate();
      showError(error, '');
      result.hidden = true;
      form.hidden = false;
      if (qtyInputs[0]) qtyInputs[0].input.focus();
    };

    shell.body.appendChild(form);
    shell.body.appendChild(result);
    return shell;
  };

  Widget.prototype.showQuoteResult = function (result, data, email, fallbackCurrency) {
    var self = this;
    var currency = str(data.currency) || fallbackCurrency;
    clear(result);
    var rows = [
      h('div', { class: 'cbw-total-row' }, [
        h('dt', { text: 'Total excluding VAT' }),
        h('dd', { 'data-testid': 'quote-total-excl', 'data-value': str(data.total_excluding_vat), 'data-currency': currency, text: formatMoney(data.total_excluding_vat, currency) })
      ]),
      h('div', { class: 'cbw-total-row cbw-total-strong' }, [
        h('dt', { text: 'Total including VAT' }),
        h('dd', { 'data-testid': 'quote-total-incl', 'data-value': str(data.total_including_vat), 'data-currency': currency, text: formatMoney(data.total_including_vat, currency) })
      ])
    ];
    if (data.valid_until) {
      var vu = str(data.valid_until);
      var pretty = vu;
      var m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(vu);
      if (m) {
        try {
          pretty = new Intl.DateTimeFormat(locale(), { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])));
        } catch (e) {
          pretty = vu;
        }
      }
      rows.push(h('div', { class: 'cbw-total-row' }, [h('dt', { text: 'Valid until' }), h('dd', { 'data-testid': 'quote-valid-until', 'data-value': vu, text: pretty })]));
    }
    var children = [h('h4', { class: 'cbw-result-title', text: 'Your quote is ready' }), h('dl', { class: 'cbw-totals' }, rows)];
    var href = safeUrl(data.quote_url, true);
    if (href) {
      children.push(
        h('a', { class: 'cbw-btn cbw-btn-primary cbw-download', href: href, target: '_blank', rel: 'noopener noreferrer', 'data-testid': 'quote-download' }, [
          'Download your quote (PDF)'
        ])
      );
    }
    children.push(h('p', { class: 'cbw-muted', text: 'A copy has been sent to ' + email + '.' }));
    children.push(
      h('button', {
        type: 'button',
        class: 'cbw-btn cbw-btn-ghost',
        'data-testid': 'quote-new',
        text: 'Start a new quote',
        onclick: function () {
          self.panels.quote.resetQuote();
        }
      })
    );
    appendAll(result, children);
  };

  /* ---------------------------------------------------------------- booking (Appointment) */

  Widget.prototype.buildBookingPanel = function (calendars) {
    var self = this;
    var shell = self.panelShell('booking', 'Book an appointment', 'booking-panel');
    calendars = calendars.filter(function (c) {
      return isObj(c) && c.calendar_id;
    });
    if (!calendars.length) {
      shell.body.appendChild(h('p', { class: 'cbw-empty', 'data-testid': 'booking-empty', text: 'No calendars are available for booking right now.' }));
      return shell;
    }

    var state = { selected: null, loadToken: 0, tz: '' };

    var calSelect = h('select', { class: 'cbw-input', 'data-testid': 'booking-calendar' });
    calendars.forEach(function (c) {
      calSelect.appendChild(h('option', { value: str(c.calendar_id), text: str(c.name) || 'Calendar' }));
    });
    var calDesc = h('p', { class: 'cbw-muted cbw-cal-desc', 'data-testid': 'booking-calendar-description' });
    var durSelect = h('select', { class: 'cbw-input', 'data-testid': 'booking-duration' });
    var dateInput = h('input', { type: 'date', class: 'cbw-input', 'data-testid': 'booking-date', required: true });
    var prevDay = h('button', { type: 'button', class: 'cbw-icon-btn cbw-day-btn', 'aria-label': 'Previous day', 'data-testid': 'booking-prev-day' }, svgIcon(ICON_BACK, 18));
    var nextIcon = svgIcon(ICON_BACK, 18);
    nextIcon.setAttribute('class', 'cbw-flip');
    var nextDay = h('button', { type: 'button', class: 'cbw-icon-btn cbw-day-btn', 'aria-label': 'Next day', 'data-testid': 'booking-next-day' }, nextIcon);
    dateInput.id = uid('date');
    var dateField = h('div', { class: 'cbw-field' }, [
      h('label', { class: 'cbw-label', for: dateInput.id, text: 'Date' }),
      h('div', { class: 'cbw-date-row' }, [prevDay, dateInput, nextDay])
    ]);

    var tzNote = h('p', { class: 'cbw-muted cbw-tz', 'data-testid': 'booking-timezone' });
    var slotsBox = h('div', { class: 'cbw-slots', 'data-testid': 'booking-slots', role: 'group', 'aria-label': 'Available times' });
    var slotsStatus = h('p', { class: 'cbw-muted cbw-slots-status', 'data-testid': 'booking-slots-status', 'aria-live': 'polite' });
    var slotsFieldset = h('fieldset', { class: 'cbw-fieldset' }, [
      h('legend', { class: 'cbw-legend', text: 'Available times' }),
      tzNote,
      slotsBox,
      slotsStatus
    ]);

    var nameInput = h('input', { type: 'text', class: 'cbw-input', autocomplete: 'name', maxlength: '200', required: true, 'data-testid': 'booking-name' });
    var emailInput = h('input', { type: 'email', class: 'cbw-input', autocomplete: 'email', maxlength: '254', required: true, 'data-testid': 'booking-email' });

    var answerInputs = [];
    var questionFields = [];
    arr(self.config.data_collection).forEach(function (q) {
      if (!isObj(q)) return;
      var qtype = str(q.type);
      if (qtype === 'image' || qtype === 'pdf_document') {
        // Answered by an upload (with this visitor's id) whose upload_id is sent as the value.
        var fileInput = h('input', {
          type: 'file',
          class: 'cbw-input cbw-file-field',
          accept: qtype === 'image' ? 'image/*' : 'application/pdf,.pdf',
          required: true,
          'data-testid': 'booking-file',
          'data-title': str(q.title),
          'data-type': qtype
        });
        answerInputs.push({ q: q, input: fileInput, file: true });
        questionFields.push(field(str(q.question) || str(q.title), fileInput));
        return;
      }
      var input = h('input', {
        type: 'text',
        class: 'cbw-input',
        maxlength: '2000',
        required: true,
        'data-testid': 'booking-answer',
        'data-title': str(q.title),
        'data-type': qtype,
        inputmode: qtype === 'number' ? 'decimal' : null,
        placeholder: qtype === 'boolean' ? 'Yes or No' : null
      });
      answerInputs.push({ q: q, input: input });
      questionFields.push(field(str(q.question) || str(q.title), input));
    });

    var error = h('p', { class: 'cbw-error', role: 'alert', 'data-testid': 'booking-error', hidden: true });
    var submit = h('button', { type: 'submit', class: 'cbw-btn cbw-btn-primary', 'data-testid': 'booking-submit', text: 'Book appointment' });

    var form = h(
      'form',
      { class: 'cbw-form', 'data-testid': 'booking-form', novalidate: true },
      [field('Calendar', calSelect, calDesc), field('Duration', durSelect), dateField, slotsFieldset, field('Your name', nameInput), field('Your e-mail', emailInput)]
        .concat(questionFields)
        .concat([error, submit])
    );
    var confirmation = h('div', { class: 'cbw-result', 'data-testid': 'booking-confirmation', role: 'status', tabindex: '-1', hidden: true });
    form.addEventListener('input', function () {
      showError(error, '');
    });

    function currentCalendar() {
      for (var i = 0; i < calendars.length; i++) if (str(calendars[i].calendar_id) === calSelect.value) return calendars[i];
      return calendars[0];
    }

    function calendarTz() {
      return str(currentCalendar().local_timezone_name);
    }

    function fillDurations() {
      var cal = currentCalendar();
      var prev = durSelect.value;
      clear(durSelect);
      var durations = arr(cal.durations)
        .map(Number)
        .filter(function (n) {
          return Number.isInteger(n) && n > 0;
        });
      if (!durations.length) durations = [30];
      durations.forEach(function (d) {
        durSelect.appendChild(h('option', { value: String(d), text: d + ' minutes' }));
      });
      if (durations.indexOf(Number(prev)) !== -1) durSelect.value = prev;
      calDesc.textContent = str(cal.description);
      calDesc.hidden = !str(cal.description).trim();
    }

    function setDateBounds(resetValue) {
      var today = todayIn(calendarTz());
      dateInput.min = today;
      dateInput.max = addDays(today, 180);
      if (resetValue || !dateInput.value || dateInput.value < today) dateInput.value = today;
      prevDay.disabled = dateInput.value <= today;
    }

    function selectSlot(btn, slot) {
      state.selected = slot;
      var all = slotsBox.querySelectorAll('button');
      for (var i = 0; i < all.length; i++) {
        all[i].setAttribute('aria-pressed', all[i] === btn ? 'true' : 'false');
      }
      showError(error, '');
    }

    function loadSlots() {
      var cal = currentCalendar();
      state.selected = null;
      state.loadToken += 1;
      var token = state.loadToken;
      clear(slotsBox);
      slotsBox.setAttribute('aria-busy', 'true');
      slotsStatus.textContent = 'Loading available times…';
      var tz = calendarTz();
      tzNote.textContent = tz ? 'Times are shown in ' + tz + '.' : '';
      var date = dateInput.value;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
        slotsBox.removeAttribute('aria-busy');
        slotsStatus.textContent = 'Choose a date to see the available times.';
        return;
      }
      prevDay.disabled = date <= dateInput.min;
      var url =
        self.chatPath('slots/') +
        '?calendar_id=' + encodeURIComponent(str(cal.calendar_id)) +
        '&duration=' + encodeURIComponent(durSelect.value) +
        '&date=' + encodeURIComponent(date);
      request('GET', url).then(function (r) {
        if (token !== state.loadToken) return; // a newer request superseded this one
        slotsBox.removeAttribute('aria-busy');
        if (!r.ok || !isObj(r.data)) {
          slotsStatus.textContent = errorText(r);
          return;
        }
        var zone = str(r.data.time_zone) || tz;
        state.tz = zone;
        tzNote.textContent = zone ? 'Times are shown in ' + zone + '.' : '';
        var slots = arr(r.data.slots).filter(function (s) {
          return isObj(s) && s.start;
        });
        if (!slots.length) {
          slotsStatus.textContent = 'No available times on this day. Please try another date.';
          return;
        }
        slotsStatus.textContent = slots.length === 1 ? '1 time available.' : slots.length + ' times available.';
        slots.forEach(function (s) {
          var label = formatTime(s.start, zone);
          var btn = h('button', {
            type: 'button',
            class: 'cbw-slot',
            'data-testid': 'booking-slot',
            'data-start': str(s.start),
            'data-end': str(s.end),
            'aria-pressed': 'false',
            text: label
          });
          var full = formatDateTime(s.start, zone);
          btn.setAttribute('aria-label', full + (zone ? ' (' + zone + ')' : ''));
          btn.title = full;
          btn.addEventListener('click', function () {
            selectSlot(btn, s);
          });
          slotsBox.appendChild(btn);
        });
      });
    }

    calSelect.addEventListener('change', function () {
      fillDurations();
      setDateBounds(false);
      loadSlots();
    });
    durSelect.addEventListener('change', loadSlots);
    dateInput.addEventListener('change', loadSlots);
    prevDay.addEventListener('click', function () {
      var d = addDays(dateInput.value || todayIn(calendarTz()), -1);
      if (d < dateInput.min) return;
      dateInput.value = d;
      loadSlots();
    });
    nextDay.addEventListener('click', function () {
      var d = addDays(dateInput.value || todayIn(calendarTz()), 1);
      if (dateInput.max && d > dateInput.max) return;
      dateInput.value = d;
      loadSlots();
    });

    form.addEventListener('submit', function (e) {
      e.preventDefault();
      if (submit.disabled) return;
      showError(error, '');
      var name = nameInput.value.trim();
      var email = emailInput.value.trim();
      var problem = null;
      var focusEl = null;
      if (!state.selected) {
        problem = 'Please choose a time.';
        focusEl = slotsBox.querySelector('button') || dateInput;
      } else if (!name) {
        problem = 'Please enter your name.';
        focusEl = nameInput;
      } else if (!EMAIL_RE.test(email)) {
        problem = 'Please enter a valid e-mail address.';
        focusEl = emailInput;
      }
      // The service needs an answer to every question of the chatbot.
      answerInputs.forEach(function (a) {
        var given = a.file ? a.input.files && a.input.files.length > 0 : a.input.value.trim() !== '';
        if (given) a.input.removeAttribute('aria-invalid');
        else a.input.setAttribute('aria-invalid', 'true');
        if (!given && !problem) {
          problem = 'Please answer: ' + (str(a.q.question) || str(a.q.title));
          focusEl = a.input;
        }
      });
      if (problem) {
        showError(error, problem);
        if (focusEl) focusEl.focus();
        return;
      }
      var cal = currentCalendar();
      var slot = state.selected;
      var zone = state.tz || calendarTz();
      submit.disabled = true;
      submit.textContent = 'Booking…';
      form.setAttribute('aria-busy', 'true');
      function failed(message) {
        submit.disabled = false;
        submit.textContent = 'Book appointment';
        form.removeAttribute('aria-busy');
        showError(error, message);
      }
      // Files first, one by one; each answer is then its upload_id.
      var collected = Promise.resolve([]);
      answerInputs.forEach(function (a) {
        collected = collected.then(function (answers) {
          if (!answers) return null;
          if (!a.file) return answers.concat([{ title: str(a.q.title), value: a.input.value.trim() }]);
          var f = a.input.files[0];
          if (f.size > MAX_UPLOAD) {
            failed('That file is larger than 10 MB. Please choose a smaller file.');
            return null;
          }
          var upload = new FormData();
          upload.append('file', f, f.name);
          upload.append('visitor_id', self.visitorId());
          return request('POST', self.chatPath('upload/'), upload, true).then(function (r) {
            if (!r.ok || !isObj(r.data) || !r.data.upload_id) {
              failed(errorText(r));
              return null;
            }
            return answers.concat([{ title: str(a.q.title), value: str(r.data.upload_id) }]);
          });
        });
      });
      collected.then(function (answers) {
        if (!answers) return null;
        var body = {
          visitor_id: self.visitorId(),
          calendar_id: str(cal.calendar_id),
          duration: Number(durSelect.value),
          start: str(slot.start),
          client_name: name,
          client_email: email,
          answers: answers
        };
        return request('POST', self.chatPath('book/'), body);
      }).then(function (r) {
        if (!r) return;
        submit.disabled = false;
        submit.textContent = 'Book appointment';
        form.removeAttribute('aria-busy');
        if (!r.ok || !isObj(r.data)) {
          showError(error, errorText(r));
          if (r.status === 409) loadSlots();
          return;
        }
        var d = r.data;
        clear(confirmation);
        var start = str(d.start) || str(slot.start);
        var end = str(d.end) || str(slot.end);
        appendAll(confirmation, [
          h('h4', { class: 'cbw-result-title', text: "You're booked!" }),
          h('p', { 'data-testid': 'booking-confirmation-time', 'data-start': start, 'data-end': end }, [
            h('strong', { text: formatDateTime(start, zone) }),
            end ? ' – ' + formatTime(end, zone) : '',
            zone ? ' (' + zone + ')' : ''
          ]),
          h('p', { text: str(cal.name) + ' · ' + durSelect.value + ' minutes' }),
          h('p', { class: 'cbw-muted', text: 'A confirmation with a calendar invitation has been sent to ' + email + '.' }),
          d.appointment_id ? h('p', { class: 'cbw-muted cbw-small', 'data-testid': 'booking-appointment-id', text: 'Reference: ' + str(d.appointment_id) }) : null,
          h('button', {
            type: 'button',
            class: 'cbw-btn cbw-btn-ghost',
            'data-testid': 'booking-new',
            text: 'Book another appointment',
            onclick: function () {
              confirmation.hidden = true;
              form.hidden = false;
              loadSlots();
              calSelect.focus();
            }
          })
        ]);
        form.hidden = true;
        confirmation.hidden = false;
        confirmation.focus();
      });
    });

    fillDurations();
    setDateBounds(true);
    var loadedOnce = false;
    shell.onShow = function () {
      // Load lazily the first time the panel opens; refresh "today" if the page stayed open overnight.
      setDateBounds(false);
      if (!loadedOnce) {
        loadedOnce = true;
        loadSlots();
      }
    };

    shell.body.appendChild(form);
    shell.body.appendChild(confirmation);
    return shell;
  };

  /* ---------------------------------------------------------------- chat view */

  Widget.prototype.buildChatView = function () {
    var self = this;
    var cfg = self.config;
    var children = [];
    var hintText = str(cfg.chatbot_instructions).trim();
    if (hintText) {
      children.push(h('p', { class: 'cbw-hint', 'data-testid': 'chatbot-instructions', text: hintText }));
    }
    self.messages = h('div', {
      class: 'cbw-messages',
      role: 'log',
      'aria-live': 'polite',
      'aria-relevant': 'additions',
      'aria-label': 'Conversation',
      'data-testid': 'chatbot-messages',
      tabindex: '0'
    });
    children.push(self.messages);

    // Data Collection helpers: quick replies, file upload, finished state.
    self.quick = h('div', { class: 'cbw-quick', 'data-testid': 'chatbot-quick-replies', role: 'group', 'aria-label': 'Quick replies', hidden: true });
    self.fileInput = h('input', { type: 'file', class: 'cbw-file-input', 'data-testid': 'chatbot-file-input' });
    self.fileInput.id = uid('file');
    self.fileLabelText = h('span', { text: 'Upload a file' });
    self.fileLabel = h('label', { class: 'cbw-btn cbw-btn-primary cbw-file-label', for: self.fileInput.id }, [svgIcon(ICON_CLIP, 18), self.fileLabelText]);
    self.uploadStatus = h('p', { class: 'cbw-upload-status', 'data-testid': 'chatbot-upload-status', 'aria-live': 'polite', hidden: true });
    self.upload = h('div', { class: 'cbw-upload', 'data-testid': 'chatbot-upload', hidden: true }, [self.fileInput, self.fileLabel, self.uploadStatus]);
    self.fileInput.addEventListener('change', function () {
      var f = self.fileInput.files && self.fileInput.files[0];
      if (f) self.uploadFile(f);
    });
    self.doneBox = h('div', { class: 'cbw-done', 'data-testid': 'chatbot-done', role: 'status', hidden: true }, [
      h('strong', { text: 'Thank you!' }),
      h('span', { text: ' Your answers have been submitted.' }),
      h('button', {
        type: 'button',
        class: 'cbw-btn cbw-btn-ghost cbw-restart',
        'data-testid': 'chatbot-restart',
        text: 'Start over',
        onclick: function () {
          self.restart();
        }
      })
    ]);
    children.push(h('div', { class: 'cbw-extras' }, [self.quick, self.upload, self.doneBox]));

    // Composer
    self.input = h('input', {
      type: 'text',
      class: 'cbw-input cbw-composer-input',
      maxlength: String(MAX_MESSAGE),
      autocomplete: 'off',
      placeholder: 'Type your message…',
      'data-testid': 'chatbot-input'
    });
    self.input.id = uid('input');
    self.sendBtn = h('button', { type: 'submit', class: 'cbw-send', 'data-testid': 'chatbot-send', 'aria-label': 'Send' }, [
      svgIcon(ICON_SEND, 18),
      h('span', { class: 'cbw-send-text', text: 'Send' })
    ]);
    self.composer = h('form', { class: 'cbw-composer', 'data-testid': 'chatbot-form' }, [
      h('label', { class: 'cbw-sr-only', for: self.input.id, text: 'Your message' }),
      self.input,
      self.sendBtn
    ]);
    self.composer.addEventListener('submit', function (e) {
      e.preventDefault();
      var text = self.input.value;
      if (!text.trim() || self.busy || self.done) return;
      self.input.value = '';
      self.send(text.trim());
    });
    children.push(self.composer);

    self.chatView = h('div', { class: 'cbw-chat', 'data-testid': 'chatbot-chat' }, children);
    return self.chatView;
  };

  Widget.prototype.restore = function () {
    var self = this;
    var saved = readJSON(sessionStore, self.keyTranscript);
    var st = readJSON(sessionStore, self.keyState);
    if (!self.sessionId()) {
      saved = null;
      st = null;
    }
    var greeting = str(self.config.chatbot_greeting).trim();
    if (greeting) self.addMessage('bot', greeting, null, { greeting: true, persist: false });
    arr(saved).forEach(function (m) {
      if (!isObj(m)) return;
      self.addMessage(m.r === 'user' ? 'user' : 'bot', str(m.t), m.s, { error: !!m.e, persist: false, scroll: false });
    });
    self.transcript = arr(saved).filter(isObj);
    if (isObj(st)) {
      self.pending = isObj(st.pending) ? st.pending : null;
      self.done = !!st.done;
    }
    self.updateExtras();
  };

  Widget.prototype.restart = function () {
    this.setSessionId(null);
    this.transcript = [];
    this.pending = null;
    this.done = false;
    this.saveState();
    clear(this.messages);
    var greeting = str(this.config.chatbot_greeting).trim();
    if (greeting) this.addMessage('bot', greeting, null, { greeting: true, persist: false });
    this.updateExtras();
    this.focusInput();
  };

  Widget.prototype.addMessage = function (role, text, sources, opts) {
    opts = opts || {};
    var self = this;
    var bubble = h('div', { class: 'cbw-bubble', 'data-testid': 'chatbot-message-text' });
    if (role === 'bot' && !opts.error) renderRich(bubble, text);
    else {
      bubble.classList.add('cbw-plain');
      bubble.textContent = str(text);
    }
    var msg = h(
      'div',
      {
        class: 'cbw-msg cbw-msg-' + role + (opts.error ? ' cbw-msg-error' : ''),
        'data-testid': 'chatbot-message',
        'data-role': role,
        'data-error': opts.error ? 'true' : null,
        'data-greeting': opts.greeting ? 'true' : null
      },
      [h('span', { class: 'cbw-sr-only', text: role === 'user' ? 'You said: ' : self.title + ' said: ' }), bubble]
    );
    var srcList = arr(sources).filter(function (s) {
      return isObj(s) && (s.title || s.url);
    });
    if (role === 'bot' && srcList.length) {
      var ul = h('ul', { class: 'cbw-sources', 'data-testid': 'chatbot-sources', 'aria-label': 'Sources' });
      srcList.forEach(function (s) {
        var label = str(s.title).trim() || str(s.url);
        var href = safeUrl(s.url, true);
        var item = href
          ? h('a', { href: href, target: '_blank', rel: 'noopener noreferrer nofollow', 'data-testid': 'chatbot-source', title: str(s.snippet) || null, text: label })
          : h('span', { 'data-testid': 'chatbot-source', title: str(s.snippet) || null, text: label });
        ul.appendChild(h('li', null, item));
      });
      msg.appendChild(h('p', { class: 'cbw-sources-label', 'aria-hidden': 'true', text: 'Sources' }));
      msg.appendChild(ul);
    }
    self.messages.appendChild(msg);
    if (opts.persist !== false) {
      var entry = { r: role, t: str(text) };
      if (srcList.length) entry.s = srcList;
      if (opts.error) entry.e = 1;
      self.transcript.push(entry);
      if (self.transcript.length > MAX_TRANSCRIPT) self.transcript = self.transcript.slice(-MAX_TRANSCRIPT);
      self.saveState();
    }
    if (opts.scroll !== false) self.scrollToEnd();
    return msg;
  };

  Widget.prototype.scrollToEnd = function () {
    var m = this.messages;
    m.scrollTop = m.scrollHeight;
  };

  Widget.prototype.setBusy = function (busy) {
    this.busy = busy;
    this.sendBtn.disabled = busy || this.done;
    this.composer.setAttribute('aria-busy', busy ? 'true' : 'false');
    var qb = this.quick.querySelectorAll('button');
    for (var i = 0; i < qb.length; i++) qb[i].disabled = busy;
    this.fileInput.disabled = busy;
    this.upload.classList.toggle('cbw-disabled', busy);
    if (busy) {
      if (!this.typing) {
        this.typing = h('div', { class: 'cbw-typing', 'data-testid': 'chatbot-typing' }, [
          h('span', { class: 'cbw-sr-only', text: this.title + ' is typing…' }),
          h('span', { class: 'cbw-dot', 'aria-hidden': 'true' }),
          h('span', { class: 'cbw-dot', 'aria-hidden': 'true' }),
          h('span', { class: 'cbw-dot', 'aria-hidden': 'true' })
        ]);
      }
      this.messages.appendChild(this.typing);
      this.scrollToEnd();
    } else if (this.typing && this.typing.parentNode) {
      this.typing.parentNode.removeChild(this.typing);
    }
  };

  /** Sends a chat message; `display` is what the visitor sees in their bubble (e.g. a file name). */
  Widget.prototype.send = function (message, display, retried) {
    var self = this;
    if (self.busy) return Promise.resolve();
    if (!retried) self.addMessage('user', display || message);
    self.setBusy(true);
    var sid = self.sessionId();
    var body = { message: message, visitor_id: self.visitorId() };
    if (sid) body.session_id = sid;
    return request('POST', self.chatPath(), body).then(function (r) {
      self.setBusy(false);
      if (!r.ok || !isObj(r.data)) {
        // A session the server no longer knows: start a fresh one once.
        var err = isObj(r.data) ? str(r.data.error) : '';
        if (sid && !retried && (r.status === 404 || r.status === 400) && /session/i.test(err)) {
          self.setSessionId(null);
          return self.send(message, display, true);
        }
        self.addMessage('bot', errorText(r), null, { error: true });
        self.focusInput();
        return;
      }
      var d = r.data;
      if (d.session_id) self.setSessionId(d.session_id);
      var nq = isObj(d.next_question) ? d.next_question : null;
      var reply = str(d.reply);
      if (!reply.trim() && nq) reply = str(nq.question);
      if (reply.trim()) self.addMessage('bot', reply, d.sources);
      if (Object.prototype.hasOwnProperty.call(d, 'next_question')) self.pending = nq;
      if (d.done === true) {
        self.done = true;
        self.pending = null;
      }
      self.saveState();
      self.updateExtras();
      self.scrollToEnd(); // the controls above the composer may have changed height
      self.focusInput();
    });
  };

  Widget.prototype.uploadFile = function (file) {
    var self = this;
    var status = self.uploadStatus;
    self.fileInput.value = '';
    if (file.size > MAX_UPLOAD) {
      status.hidden = false;
      status.textContent = 'That file is larger than 10 MB. Please choose a smaller file.';
      status.classList.add('cbw-error-text');
      return;
    }
    var form = new FormData();
    form.append('file', file, file.name);
    form.append('visitor_id', self.visitorId());
    var sid = self.sessionId();
    if (sid) form.append('session_id', sid);
    status.hidden = false;
    status.classList.remove('cbw-error-text');
    status.textContent = 'Uploading ' + file.name + '…';
    self.setBusy(true);
    request('POST', self.chatPath('upload/'), form, true).then(function (r) {
      self.setBusy(false);
      if (!r.ok || !isObj(r.data) || !r.data.upload_id) {
        status.textContent = errorText(r);
        status.classList.add('cbw-error-text');
        return;
      }
      status.hidden = true;
      status.textContent = '';
      self.send(str(r.data.upload_id), 'Uploaded: ' + file.name);
    });
  };

  /** Shows the Data Collection controls that fit the pending question. */
  Widget.prototype.updateExtras = function () {
    var self = this;
    var isData = self.type === T_DATA;
    var q = self.pending;
    var qtype = q ? str(q.type) : '';
    clear(self.quick);
    var quickReplies = [];
    if (isData && !self.done) {
      if (qtype === 'boolean') quickReplies = [{ label: 'Yes', value: 'yes' }, { label: 'No', value: 'no' }];
      else if (!q && !self.sessionId()) quickReplies = [{ label: "Let's start", value: "Let's start" }];
    }
    quickReplies.forEach(function (qr) {
      self.quick.appendChild(
        h('button', {
          type: 'button',
          class: 'cbw-chip',
          'data-testid': 'chatbot-quick-reply',
          'data-value': qr.value,
          text: qr.label,
          onclick: function () {
            self.send(qr.value, qr.label);
          }
        })
      );
    });
    self.quick.hidden = !quickReplies.length;

    var fileQ = isData && !self.done && (qtype === 'image' || qtype === 'pdf_document');
    self.upload.hidden = !fileQ;
    if (fileQ) {
      self.fileInput.setAttribute('accept', qtype === 'image' ? 'image/*' : 'application/pdf,.pdf');
      self.fileInput.setAttribute('data-kind', qtype);
      self.fileLabelText.textContent = qtype === 'image' ? 'Upload an image' : 'Upload a PDF document';
    } else {
      self.uploadStatus.hidden = true;
    }

    self.input.setAttribute('inputmode', isData && qtype === 'number' ? 'decimal' : 'text');
    self.input.placeholder = isData && qtype === 'number' ? 'Type a number…' : fileQ ? 'Or type a message…' : 'Type your message…';

    var finished = isData && self.done;
    self.doneBox.hidden = !finished;
    self.input.disabled = finished;
    self.sendBtn.disabled = finished || self.busy;
    self.composer.classList.toggle('cbw-disabled', finished);
  };

  /* ---------------------------------------------------------------- open / close */

  Widget.prototype.focusInput = function () {
    if (!this.isOpen) return;
    if (this.view !== 'chat') return;
    if (!this.input.disabled) this.input.focus();
    else {
      var restart = this.doneBox.querySelector('button');
      if (restart) restart.focus();
    }
  };

  Widget.prototype.open = function () {
    if (this.isOpen) return;
    this.isOpen = true;
    this.win.hidden = false;
    this.root.classList.add('cbw-open');
    this.launcher.setAttribute('aria-expanded', 'true');
    clear(this.launcherIcon);
    this.launcherIcon.appendChild(svgIcon(ICON_DOWN, 28));
    this.scrollToEnd();
    if (this.view === 'chat') this.focusInput();
    else this.showView(this.view, true);
  };

  Widget.prototype.close = function (returnFocus) {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.win.hidden = true;
    this.root.classList.remove('cbw-open');
    this.launcher.setAttribute('aria-expanded', 'false');
    clear(this.launcherIcon);
    this.launcherIcon.appendChild(svgIcon(ICON_CHAT, 28));
    if (returnFocus) this.launcher.focus();
  };

  Widget.prototype.toggle = function () {
    if (this.isOpen) this.close(true);
    else this.open();
  };

  /* ------------------------------------------------------------------ boot */

  function boot() {
    findScripts().forEach(function (script) {
      try {
        var w = new Widget(script);
        if (!w.chatbotId) return;
        w.start().catch(function (e) {
          if (window.console && console.error) console.error('[chatbot] widget failed to start', e);
        });
      } catch (e) {
        if (window.console && console.error) console.error('[chatbot] widget failed to start', e);
      }
    });
  }

  if (document.body) boot();
  else document.addEventListener('DOMContentLoaded', boot); // loaded without defer in <head>
})();
