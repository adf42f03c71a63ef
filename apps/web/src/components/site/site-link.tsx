import { type AnchorHTMLAttributes, createContext, type ReactNode, useContext } from 'react';

export type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string;
  children: ReactNode;
};

type LinkComponent = (props: SiteLinkProps) => ReactNode;

const PlainLink: LinkComponent = ({ href, children, ...rest }) => (
  <a href={href} {...rest}>
    {children}
  </a>
);

/**
 * The site chrome is shared by the lean landing page (plain links, no router) and the app (router
 * links for in-app navigation). The app provides its own link component through this context.
 */
export const SiteLinkContext = createContext<LinkComponent>(PlainLink);

export function SiteLink(props: SiteLinkProps) {
  const Link = useContext(SiteLinkContext);
  return <Link {...props} />;
}
