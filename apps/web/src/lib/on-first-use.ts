/**
 * A value built on first use, then kept. For Intl formatters: the first one a page builds loads ICU's locale and
 * time-zone data (30–50 ms on this project's CI machine, several times that on a mid-range phone), so a module
 * that builds them when it loads makes every screen importing it pay, formatted or not (the home, the fleet
 * list). Built on first use, only the screens that format pay, when they do.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
