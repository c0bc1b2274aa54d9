import { Popover, type PopoverProps } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';

// Mantine's Popover around a target and a dropdown: the lazily loaded half of on-demand-popover.tsx.

export type PopoverFrameProps = Pick<
  PopoverProps,
  | 'position'
  | 'shadow'
  | 'withinPortal'
  | 'trapFocus'
  | 'returnFocus'
  | 'opened'
  | 'onChange'
  | 'defaultOpened'
  | 'width'
> & {
  target: ReactElement;
  children: ReactNode;
};

export function PopoverFrame({ target, children, ...popover }: PopoverFrameProps) {
  return (
    <Popover {...popover}>
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown>{children}</Popover.Dropdown>
    </Popover>
  );
}
