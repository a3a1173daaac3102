/*
 * Theme and language before first paint (1.I18N.07: no flash of the wrong theme). Loaded as a
 * blocking classic script in <head> (not inline: the server's Content-Security-Policy allows
 * scripts from this origin only). Same rules as src/lib/theme.ts (localStorage 'theme', default
 * light) and src/i18n/languages.ts (hisLang, then lang, then th). The language is also kept in
 * the cookie lotus_lang, so the server sends the prerendered page in it next time (ADR 0040).
 */
/* global document, window, Element */
(function () {
  var d = document.documentElement;
  try {
    var t = localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
    d.setAttribute('data-theme', t);
    d.style.colorScheme = t;
    var r = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;
    var h = localStorage.getItem('hisLang');
    var l = localStorage.getItem('lang');
    var lang = r.test(h || '') ? h : r.test(l || '') ? l : 'th';
    d.setAttribute('lang', lang);
    document.cookie = 'lotus_lang=' + lang + '; path=/; max-age=31536000; samesite=lax';
  } catch {
    d.setAttribute('data-theme', 'light');
  }
})();
/*
 * A prerendered page paints before its scripts run: a form sent before the app is live would go
 * as a native GET (a password in the URL). Hold it; main.tsx sends it again once the page is live.
 */
document.addEventListener(
  'submit',
  function (e) {
    if (window.__lotusLive) return;
    e.preventDefault();
    window.__lotusHeldSubmit = e.target;
  },
  true,
);
/*
 * A tap on one of the page's buttons before the app is live would do nothing (its handler is not
 * there yet; the page's code loads after the page has painted, ADR 0062): hold the last one;
 * main.tsx taps it again once the page is live. Links need no help: they navigate natively.
 */
document.addEventListener(
  'click',
  function (e) {
    if (window.__lotusLive) return;
    var button = e.target instanceof Element ? e.target.closest('button') : null;
    if (!button || button.disabled) return;
    e.preventDefault();
    window.__lotusHeldClick = button;
  },
  true,
);
