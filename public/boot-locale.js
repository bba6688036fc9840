// Sets language and direction before the first paint so the page never flips after load, and
// preloads that language's message catalog and font (named by the build in index.html, see
// vite.config.ts) so they arrive with the entry script instead of after it.
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
