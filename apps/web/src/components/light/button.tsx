import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

type TVariant = 'filled' | 'outline' | 'subtle';
type TSize = 'compact' | 'sm' | 'md';

interface TLook {
  variant?: TVariant;
  size?: TSize;
  fullWidth?: boolean;
}

const look = ({ variant = 'filled', size = 'sm', fullWidth }: TLook) => ({
  'data-variant': variant,
  'data-size': size,
  'data-full-width': fullWidth ? 'true' : undefined,
});

/** A button of the light kit (components/light/light.css). */
export function Button({ variant, size, fullWidth, className, type = 'button', ...props }: TLook & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={className ? `kc-btn ${className}` : 'kc-btn'} {...look({ variant, size, fullWidth })} {...props} />;
}

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, fullWidth, className, ...props }: TLook & LinkProps & { children: ReactNode }) {
  return <Link className={className ? `kc-btn ${className}` : 'kc-btn'} {...look({ variant, size, fullWidth })} {...props} />;
}
