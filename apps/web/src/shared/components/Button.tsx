import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** The class list shared by <Button> and <ButtonLink>. */
export function buttonClass(
  { variant = 'primary', size = 'md' }: StyleProps,
  extra?: string,
): string {
  return ['btn', `btn--${variant}`, size === 'sm' ? 'btn--sm' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ComponentProps<'button'>, StyleProps {
  /** Shows a busy state and disables the button while an action runs. */
  busy?: boolean;
}

/** A real <button> (type="button" unless told otherwise) in one of four variants. */
export function Button({
  variant,
  size,
  busy = false,
  className,
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass({ variant, size }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="btn__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps, StyleProps {}

/** A router link that looks like a button (for navigation such as "Ask a Question"). */
export function ButtonLink({ variant, size, className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={buttonClass({ variant, size }, className)} />;
}
