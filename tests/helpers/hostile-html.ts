/**
 * Content-page HTML an attacker (or a careless paste) could put in `info_pages.body_html`, and what the allow-list
 * of contract/info-page-html.ts leaves of it. Shared by the backend's write-path test and the web app's render test.
 */
export const HOSTILE_HTML: ReadonlyArray<{ name: string; html: string; clean: string }> = [
  { name: 'script', html: '<p>Text<script>alert(1)</script></p><script src="https://evil.example/x.js"></script>', clean: '<p>Text</p>' },
  { name: 'img onerror', html: '<p>A<img src="x" onerror="alert(1)">B</p>', clean: '<p>AB</p>' },
  { name: 'on* attributes', html: '<p onclick="alert(1)" onmouseover="alert(2)">Hi</p><h2 onfocus="x()" tabindex="0">T</h2>', clean: '<p>Hi</p><h2>T</h2>' },
  { name: 'javascript: href', html: '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="java&#x09;script:alert(1)">c</a>', clean: '<a>a</a><a>b</a><a>c</a>' },
  { name: 'data: and vbscript: hrefs', html: '<a href="data:text/html,<script>alert(1)</script>">d</a><a href="vbscript:msgbox(1)">v</a>', clean: '<a>d</a><a>v</a>' },
  { name: 'protocol-relative href', html: '<a href="//evil.example/">e</a>', clean: '<a>e</a>' },
  { name: 'iframe', html: '<p>x</p><iframe src="https://evil.example/"></iframe><iframe srcdoc="<script>alert(1)</script>">fallback</iframe>', clean: '<p>x</p>' },
  { name: 'style', html: '<style>body{display:none}</style><p style="background:url(javascript:alert(1))">x</p>', clean: '<p>x</p>' },
  { name: 'form', html: '<form action="https://evil.example/"><input name="cnp"><button formaction="javascript:alert(1)">Trimite</button></form>', clean: 'Trimite' },
  { name: 'svg and math', html: '<svg><script>alert(1)</script><a href="javascript:alert(1)">s</a></svg><math><mi>m</mi></math><p>ok</p>', clean: '<p>ok</p>' },
  { name: 'noscript parser differential', html: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><p>ok</p>', clean: '<p>ok</p>' },
  { name: 'class, id, object, embed, meta', html: '<p class="x" id="login">c</p><object data="x.swf"></object><embed src="x"><meta http-equiv="refresh" content="0;url=https://evil.example/">', clean: '<p>c</p>' },
  {
    name: 'target=_blank gets rel=noopener noreferrer',
    html: '<a href="https://anpc.ro/" target="_blank">a</a><a href="https://anpc.ro/" target="_BLANK" rel="nofollow">b</a><a href="/info/x" target="_top">c</a>',
    clean: '<a href="https://anpc.ro/" target="_blank" rel="noopener noreferrer">a</a><a href="https://anpc.ro/" target="_blank" rel="nofollow noopener noreferrer">b</a><a href="/info/x">c</a>',
  },
  {
    name: 'what is allowed stays',
    html: '<h1>T</h1><h3>S</h3><ol><li><strong>a</strong> <em>b</em></li></ol><p>x<br>y</p><hr><table><caption>C</caption><thead><tr><th scope="col" colspan="2">h</th></tr></thead><tbody><tr><td rowspan="1">d</td></tr></tbody></table><a href="mailto:contact@broker.example">m</a><a href="/info/cookies" title="Cookie-uri">r</a><a href="http://anpc.ro/">h</a>',
    clean: '<h2>T</h2><h3>S</h3><ol><li><strong>a</strong> <em>b</em></li></ol><p>x<br />y</p><hr /><table><caption>C</caption><thead><tr><th scope="col" colspan="2">h</th></tr></thead><tbody><tr><td rowspan="1">d</td></tr></tbody></table><a href="mailto:contact@broker.example">m</a><a href="/info/cookies" title="Cookie-uri">r</a><a href="http://anpc.ro/">h</a>',
  },
];

/** Anything of these in sanitised output is a hole, whatever the expected string says. */
export const DANGEROUS_MARKUP = /<\s*(script|style|iframe|form|input|button|img|svg|math|object|embed|meta|noscript)\b|\son[a-z]+\s*=|javascript:|vbscript:|data:text|\sstyle\s*=|srcdoc/i;
