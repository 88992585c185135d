import { expect, test } from '../support/fixtures.ts';
import { needRealApp } from '../support/real-app-required.ts';

/** A real app that is not installed: skipped on a developer's machine, a failure where every app is required. */

test('with BU_REQUIRE_REAL_APPS=1 a missing real app fails with the install command; an installed one passes', () => {
  const before = process.env.BU_REQUIRE_REAL_APPS;
  process.env.BU_REQUIRE_REAL_APPS = '1';
  try {
    expect(() => needRealApp('Adminer is not installed at /usr/share/adminer')).toThrow(/Adminer is not installed.*make test-deps/);
    expect(() => needRealApp(null)).not.toThrow();
  } finally {
    if (before === undefined) delete process.env.BU_REQUIRE_REAL_APPS;
    else process.env.BU_REQUIRE_REAL_APPS = before;
  }
});
