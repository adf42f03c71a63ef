// Applies the saved theme before the page paints (kept as a file: the CSP allows no inline script).
(() => {
  let dark = false;
  try {
    const t = localStorage.getItem('adwuma-ui-theme') || 'light';
    dark = t === 'dark' || (t === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  } catch {
    // storage unavailable: light
  }
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
