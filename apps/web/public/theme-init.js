// Applies the saved theme before the page paints (kept as a file: the CSP allows no inline script).
(() => {
  try {
    var t = localStorage.getItem('adwuma-ui-theme') || 'light';
    var dark = t === 'dark' || (t === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch (e) {}
})();
