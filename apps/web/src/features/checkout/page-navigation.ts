/**
 * Leaving the app for a checkout (the gateway's hosted page, or the sandbox's) and coming back from
 * it are full-page loads, not router navigations. One seam, so component tests can watch it.
 */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
