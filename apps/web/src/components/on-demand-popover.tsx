import { cloneElement, lazy, Suspense, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import type { PopoverFrameProps } from './popover-frame.tsx';

// A popover whose target is drawn at once and whose Mantine Popover (floating-ui: positioning, focus trap, portal,
// ≈ 23 KB gzip) loads when the target is first pressed, then opens (docs/architecture.md, "Page weight"). A list
// or a form that shows a popover's button on its first render uses this instead of Mantine's Popover.
const PopoverFrame = lazy(() => import('./popover-frame.tsx').then((m) => ({ default: m.PopoverFrame })));

type TargetProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  loading?: boolean;
  'aria-haspopup'?: string;
  'aria-expanded'?: boolean;
};

export type OnDemandPopoverProps = Omit<PopoverFrameProps, 'target' | 'children' | 'defaultOpened'> & {
  /** the button that opens the popover (a Mantine Button or ActionIcon: it shows `loading` while the code loads) */
  target: ReactElement<TargetProps>;
  /** the dropdown's content */
  children: ReactNode;
};

export function OnDemandPopover({ target, children, ...popover }: OnDemandPopoverProps) {
  const [isWanted, setIsWanted] = useState(false);
  if (!isWanted) {
    return cloneElement(target, {
      'aria-haspopup': 'dialog',
      'aria-expanded': false,
      onClick: (event: MouseEvent<HTMLElement>) => {
        target.props.onClick?.(event);
        setIsWanted(true);
      },
    });
  }
  return (
    <Suspense fallback={cloneElement(target, { loading: true })}>
      {/* uncontrolled popovers open on the press that loaded them; controlled ones follow `opened` */}
      <PopoverFrame {...popover} target={target} defaultOpened={popover.opened === undefined}>
        {children}
      </PopoverFrame>
    </Suspense>
  );
}
