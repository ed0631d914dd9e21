/** What marks a field with an error: an invalid control, or a control that leads to one (an override's Edit). */
const ERROR_TARGETS = '[aria-invalid="true"], [data-error-target]';

/**
 * After a failed save: brings the first field with an error under `root` to the middle of the screen
 * (clear of sticky headers and footers, also on a phone) and moves focus to it. False when none is found.
 */
export function focusFirstError(root: ParentNode | null | undefined): boolean {
  const target = root?.querySelector<HTMLElement>(ERROR_TARGETS);
  if (!target) return false;
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
  return true;
}
