import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { isDocumentPath, isExternalHref } from '../../lib/routes.ts';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button.tsx';

export type AppLinkProps = {
  to: string;
  children: ReactNode;
  className?: string;
} & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/**
 * A link for anywhere in the app: in-app paths go through the router; pages served outside the app
 * (the landing page) and external addresses are full-page navigations.
 */
export function AppLink({ to, children, ...rest }: AppLinkProps) {
  if (isExternalHref(to) || isDocumentPath(to)) {
    return (
      <a href={to} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} {...rest}>
      {children}
    </Link>
  );
}

export function ButtonLink({
  variant,
  size,
  className,
  ...rest
}: AppLinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <AppLink className={buttonClasses({ variant, size, className })} {...rest} />;
}
