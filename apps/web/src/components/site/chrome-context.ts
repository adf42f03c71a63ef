import type { Language } from '@adwuma/shared/i18n/locale';
import { type ComponentType, createContext, type ReactNode } from 'react';
import type { NavItem } from './nav.ts';

/** A text by its key ('site' namespace, or 'ns:key'), with {{values}} filled in. */
export type Text = (key: string, values?: Record<string, string | number>) => string;

/** The site chrome's words (site-text.ts). */
export interface SiteText {
  t: Text;
  language: Language;
  /** Switches the page's language (and remembers it: device, and the account when signed in). */
  switchLanguage: (language: Language) => void;
}

export interface HeaderAccountProps {
  /** 'bar': next to the menu button (every width); 'menu': inside the phone menu. */
  placement: 'bar' | 'menu';
  onNavigate: () => void;
}

export interface HeaderAccount {
  /** Signed-out buttons or the signed-in menu. */
  Account: ComponentType<HeaderAccountProps>;
  /** Replaces the 'Join as Provider' link (signed-in people are marked provider instead). */
  JoinAsProvider?: ComponentType<{ className: string; onNavigate: () => void; children: ReactNode }>;
  /**
   * The header's links for whoever is signed in (issue 22); visitors keep spec 2's HEADER_LINKS.
   * A hook: the context value is a module constant, so it is called on every render alike.
   */
  useNavLinks?: () => readonly NavItem[];
  /** Issue 21: the chrome's words in the app's language, and its language switch (a hook, as above). */
  useText?: () => SiteText;
  /**
   * Issue 21: whether the phone's bar is full (signed in: inbox, bell, avatar), so the language switch
   * leaves it for the phone menu and the account menu (a hook, as above).
   */
  useCrowdedBar?: () => boolean;
}

/**
 * The app fills the header's account area (and gives the chrome its words) through this context; the
 * lean landing page provides nothing and keeps plain Log In / Sign Up links (it must not load the
 * app's auth code).
 */
export const HeaderAccountContext = createContext<HeaderAccount | null>(null);
