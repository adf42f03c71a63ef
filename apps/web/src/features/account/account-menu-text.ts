/** The account menu's words (signed-in-bar.tsx draws the menu). */
export const ACCOUNT_MENU_TEXT = {
  trigger: 'Account menu',
  dashboard: 'Dashboard',
  profile: 'Profile and security',
  favorites: 'Favorites',
  services: 'Your services',
  earnings: 'Earnings',
  payouts: 'Payouts',
  payments: 'Payments',
  admin: 'Admin panel',
  logOut: 'Log out',
  switchView: 'Switch view',
} as const;
