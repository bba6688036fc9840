// Sets language and direction before the first paint so the page never flips after load.
// A file of its own (not inline) so the Content-Security-Policy can forbid inline scripts.
try {
  var locale = localStorage.getItem('tahaleel.locale') === 'en' ? 'en' : 'ar';
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'ar' ? 'rtl' : 'ltr';
} catch (e) {}
