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

// A page the server rendered (issue 20) shows its forms before the app's code has started: a form
// sent then would go out as a plain GET, its fields (an email, a message) in the address. Until the
// app has taken over the page (html[data-hydrated], set by src/app/root-layout.tsx), sending does
// nothing; links keep working.
document.addEventListener(
  'submit',
  (event) => {
    if (document.documentElement.dataset.hydrated !== 'true') event.preventDefault();
  },
  true,
);
