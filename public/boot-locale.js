// On a page the client draws: sets language and direction before the first paint so the page never
// flips after load, and preloads that language's message catalog and font (named by the build in
// index.html, see vite.config.ts) so they arrive with the entry script instead of after it.
// A page drawn on the server has its language, direction and font preload in the HTML already and
// loads this file async, for the part below.
// A file of its own (not inline) so the Content-Security-Policy can forbid inline scripts.
try {
  var locale = localStorage.getItem('tahaleel.locale') === 'en' ? 'en' : 'ar';
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
  var preloads = document.querySelector('meta[name="tahaleel:preload:' + locale + '"]');
  if (preloads) {
    preloads.content.split(' ').forEach(function (href) {
      var link = document.createElement('link');
      if (/\.js$/.test(href)) {
        link.rel = 'modulepreload';
      } else {
        link.rel = 'preload';
        link.as = 'font';
        link.type = 'font/woff2';
      }
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.appendChild(link);
    });
  }
} catch (e) {}

// A page drawn on the server shows its buttons before the app's code has even arrived: on a slow
// phone for seconds. A tap on one in that time would do nothing, or submit its form to the address
// bar. The latest such tap is held here, from the page's first moments, and given to the button again
// once the app is ready (src/client/lib/early-taps.ts). Links and form fields work without the app
// and are left to the browser.
document.addEventListener(
  'click',
  function holdTap(event) {
    if (document.documentElement.hasAttribute('data-app-ready')) {
      document.removeEventListener('click', holdTap, true);
      return;
    }
    var target = event.target;
    var control =
      target instanceof Element ? target.closest('button, [role="button"], [role="tab"], [role="menuitem"], [role="switch"]') : null;
    var root = document.getElementById('root');
    if (!control || control.matches(':disabled') || !root || !root.contains(control)) return;
    event.preventDefault();
    event.stopPropagation();
    window.tahaleelHeldTap = control;
  },
  true,
);

// A page drawn on the server names the app's entry in a <meta> instead of a <script>: it is asked
// for once the page has loaded and its largest paint has settled (nothing new for 150 ms, or after
// about 90 frames), so the app's code never competes with what the reader is waiting to see.
window.addEventListener('load', function () {
  var entry = document.querySelector('meta[name="tahaleel:entry"]');
  if (!entry) return;
  var lastPaint = Infinity;
  try {
    new PerformanceObserver(function () {
      lastPaint = performance.now();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch (e) {}
  var frames = 0;
  var whenSettled = function () {
    requestAnimationFrame(function () {
      setTimeout(function () {
        if ((lastPaint !== Infinity && performance.now() - lastPaint > 150) || ++frames > 90) {
          var script = document.createElement('script');
          script.type = 'module';
          script.crossOrigin = 'anonymous';
          script.src = entry.content;
          document.head.appendChild(script);
        } else {
          whenSettled();
        }
      }, 0);
    });
  };
  whenSettled();
});
