/*
 * Inlined at the end of every prerendered page by build/prerender.ts (ADR 0062): the page's code is
 * fetched only once the page has painted from its HTML with its largest image, so on a phone's slow
 * link the banner does not share the bandwidth with 140 kB of scripts, and the scripts' parsing does
 * not hold back the first frame. The script tag carries the entries (data-entry: the libraries,
 * then the app) and the modules to fetch beside them (data-preload; both space separated); this text is the same on every page, so the
 * server allows it by one hash (static-spa.ts). A form sent before the app is live is held by the
 * boot script (public/theme-init.js) and sent again by main.tsx.
 */
/* global document, window, requestAnimationFrame */
(function () {
  var me = document.currentScript;
  var entries = ((me && me.getAttribute('data-entry')) || '').split(' ').filter(Boolean);
  if (entries.length === 0) return;
  var preload = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var head = document.head;
    // The entries run in their order (async = false), each in its own task: the libraries, then
    // the app (vite.config.ts, librariesFirst).
    for (var j = 0; j < entries.length; j++) {
      var script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.async = false;
      script.src = entries[j];
      head.appendChild(script);
    }
    // The modules beside them, a few per task: inserting forty preload links at once blocked a
    // phone's main thread for 60-75 ms (issue 10: total blocking time).
    var next = 0;
    function preloadSome() {
      for (var end = Math.min(next + 8, preload.length); next < end; next++) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = preload[next];
        head.appendChild(link);
      }
      if (next < preload.length) setTimeout(preloadSome, 0);
    }
    preloadSome();
  }
  // After the load event (the page's images, styles and fonts), once the frame showing them has
  // been painted: the second animation frame comes after the first was presented.
  function afterPaint() {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    });
  }
  // The browser's own first-contentful-paint entry, where it reports one (the frame after the load
  // event can still be on its way to the screen).
  function whenPainted(next) {
    var done = false;
    function go() {
      if (!done) {
        done = true;
        next();
      }
    }
    try {
      var observer = new PerformanceObserver(function (list) {
        if (list.getEntriesByName('first-contentful-paint').length > 0) {
          observer.disconnect();
          go();
        }
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      go();
    }
  }
  function afterLoad() {
    whenPainted(afterPaint);
  }
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  // A stalled image never holds the page's code back for long.
  setTimeout(start, 3000);
})();
