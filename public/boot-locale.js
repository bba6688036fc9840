// Sets language and direction before the first paint so the page never flips after load, and
// preloads that language's font file (named by the build in index.html, see vite.config.ts).
// A file of its own (not inline) so the Content-Security-Policy can forbid inline scripts.
try {
  var locale = localStorage.getItem('tahaleel.locale') === 'en' ? 'en' : 'ar';
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
  var fonts = document.querySelector('meta[name="tahaleel:fonts:' + locale + '"]');
  if (fonts) {
    fonts.content.split(' ').forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'font';
      link.type = 'font/woff2';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.appendChild(link);
    });
  }
} catch (e) {}
