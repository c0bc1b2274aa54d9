import { Button, type ButtonProps } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useClickFlicker } from './use-click-flicker.ts';

export type PrimaryButtonProps = ButtonProps & {
  type?: 'button' | 'submit';
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  flickerColor?: string;
  'aria-describedby'?: string;
};

/** The product's primary action button, with the click flicker effect. */
export function PrimaryButton({ onClick, flickerColor, type = 'button', ...props }: PrimaryButtonProps) {
  const flicker = useClickFlicker(flickerColor);
  return (
    <Button
      {...props}
      type={type}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        flicker(event);
        onClick?.(event);
      }}
    />
  );
}
