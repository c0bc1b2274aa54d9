// react-remove-scroll's class names, for Mantine's AppShell header, footer and aside (they read only
// `RemoveScroll.classNames.zeroRight`): the build gives them this module instead of react-remove-scroll, whose
// scroll-locking code (≈ 4 KB gzip) then loads only with a modal or a drawer (build/light-dependencies.ts). A test
// holds the names equal to the library's.
export const RemoveScroll = {
  classNames: {
    fullWidth: 'width-before-scroll-bar',
    zeroRight: 'right-scroll-bar-position',
  },
};
