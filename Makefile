# Thin calls of `bu` and of the test runner. `make setup` is a prerequisite of the others.
SHELL := /bin/bash
BU := node bin/bu.js
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)

.PHONY: setup deps build browser npm-apps test-deps bench-deps check test test-compat demo bench capture extract generate replay report extension

setup: deps build browser

# npm ci only when the lockfile changed since the last install.
deps: node_modules/.package-lock.json
node_modules/.package-lock.json: package-lock.json package.json
	npm ci --no-audit --no-fund
	@touch $@

# The package as npm ships it: dist/ (JavaScript and .d.ts) and extension/dist/.
build: deps
	npm run build --silent $(if $(BUILD_FLAGS),-- $(BUILD_FLAGS))

# A Chromium: BU_BROWSER, else Playwright's, else a system one; installs one when none resolves.
# With Debian's chromium, its headless shell too: headless launches take half the time with it.
browser: deps
	@if $(BU) doctor --browser >/dev/null 2>&1; then :; \
	elif npx playwright install chromium >/dev/null 2>&1 && $(BU) doctor --browser >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian's chromium with apt-get"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null; \
	else echo "no Chromium found: install Chromium or Chrome and set BU_BROWSER=/path/to/chromium"; exit 1; fi
	@found="$$($(BU) doctor --browser)"; \
	if [ "$$found" = 'browser: /usr/lib/chromium/chromium (system)' ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian's chromium-headless-shell with apt-get (headless runs)"; \
	  { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1 || \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null; }; } || \
	  echo "chromium-headless-shell could not be installed: headless runs use the full chromium"; \
	fi
	@$(BU) doctor --browser

# What the test suite needs beyond a browser: DokuWiki, Adminer and PHP (with SQLite) for the
# real-app tests, and the real apps from npm.
test-deps: setup npm-apps
	@if [ ! -d /usr/share/dokuwiki ] || [ ! -d /usr/share/adminer ] || ! php -r "exit(class_exists('SQLite3') ? 0 : 1);" 2>/dev/null || ! command -v php >/dev/null 2>&1; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "installing DokuWiki and PHP with apt-get (real-app tests)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends dokuwiki adminer php-cli php8.2-cgi php8.2-sqlite3 >/dev/null; \
	  else echo "DokuWiki or PHP missing and no apt-get: the DokuWiki tests will be skipped"; fi; \
	fi

# The real apps from npm (harness/apps/npm/: only their built pages are served, and Fauxton's
# server run) are no dependencies of the project: their own lockfile is installed with npm ci into
# the apps cache, in a folder named after the lockfile's hash (harness/apps/packages.ts reads the
# same), once per machine and lockfile.
APPS_CACHE := $(or $(BU_APPS_CACHE),$(HOME)/.cache/brow-use-apps)
NPM_APPS_DIR = $(APPS_CACHE)/npm-apps-$(shell sha256sum harness/apps/npm/package-lock.json | cut -c1-12)
npm-apps:
	@if [ ! -f "$(NPM_APPS_DIR)/node_modules/.package-lock.json" ]; then \
	  echo "installing the real apps from npm into $(NPM_APPS_DIR) (real-app tests)"; \
	  rm -rf "$(NPM_APPS_DIR)" "$(NPM_APPS_DIR).partial" && mkdir -p "$(NPM_APPS_DIR).partial" && \
	  cp harness/apps/npm/package.json harness/apps/npm/package-lock.json "$(NPM_APPS_DIR).partial/" && \
	  npm ci --prefix "$(NPM_APPS_DIR).partial" --ignore-scripts --no-audit --no-fund >/dev/null && \
	  mv "$(NPM_APPS_DIR).partial" "$(NPM_APPS_DIR)"; \
	fi

# What the benchmarks need beyond the suite's apps: Radicale, Syncthing, Transmission, qBittorrent and MediaWiki (Debian)
# and Node-RED (npm, outside the project: it is no dependency of the package) run in make bench
# only (bench/conformance.bench.ts), never in make test. Node-RED goes to the folder
# harness/apps/node-red.ts reads (BU_APPS_CACHE moves its parent).
NODE_RED_VERSION := 4.1.8
NODE_RED_DIR := $(APPS_CACHE)/node-red-$(NODE_RED_VERSION)
# Verdaccio likewise (harness/apps/verdaccio.ts). One of its packages asks for node-fetch by a
# dist-tag (`cjs`) that not every registry mirror carries: the folder's package.json pins it.
VERDACCIO_VERSION := 6.8.0
VERDACCIO_DIR := $(APPS_CACHE)/verdaccio-$(VERDACCIO_VERSION)
bench-deps: test-deps
	@if [ ! -x /usr/bin/radicale ] || [ ! -x /usr/bin/syncthing ] || [ ! -x /usr/bin/transmission-daemon ] || [ ! -x /usr/bin/qbittorrent-nox ] || [ ! -f /usr/share/mediawiki/index.php ]; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "installing Radicale, Syncthing, Transmission, qBittorrent and MediaWiki with apt-get (real-app benchmarks)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends radicale syncthing transmission-daemon qbittorrent-nox mediawiki php8.2-intl php8.2-xml >/dev/null; \
	    systemctl disable --now apache2 >/dev/null 2>&1 || true; \
	  else echo "Radicale, Syncthing, Transmission, qBittorrent or MediaWiki missing and no apt-get: the benchmarks will skip them"; fi; \
	fi
	@if [ ! -f "$(NODE_RED_DIR)/node_modules/node-red/package.json" ]; then \
	  echo "installing Node-RED $(NODE_RED_VERSION) into $(NODE_RED_DIR) (real-app benchmarks)"; \
	  npm install --prefix "$(NODE_RED_DIR)" --no-audit --no-fund --no-save node-red@$(NODE_RED_VERSION) >/dev/null || echo "Node-RED could not be installed: the benchmarks will skip it"; \
	fi
	@if [ ! -f "$(VERDACCIO_DIR)/node_modules/verdaccio/package.json" ]; then \
	  echo "installing Verdaccio $(VERDACCIO_VERSION) into $(VERDACCIO_DIR) (real-app benchmarks)"; \
	  mkdir -p "$(VERDACCIO_DIR)" && \
	  echo '{"private":true,"overrides":{"node-fetch":"2.7.0"}}' > "$(VERDACCIO_DIR)/package.json" && \
	  npm install --prefix "$(VERDACCIO_DIR)" --no-audit --no-fund --no-save verdaccio@$(VERDACCIO_VERSION) >/dev/null || echo "Verdaccio could not be installed: the benchmarks will skip it"; \
	fi

check: deps
	tsc --noEmit -p .
	oxlint --deny-warnings

# The suite at the Playwright of package-lock.json (the highest supported). One of its tests
# (test/compat/compat.spec.ts) runs the private-API adapter test, the locator read-back test and a
# type check of the shipped sources at the lowest in peerDependencies; `make test-compat` runs only
# that. The packed install test runs the whole pipeline with the lowest in its fresh project.
# Its build only emits (scripts/build.js --no-check): `check` type-checks the same sources and the tests.
# The check runs beside the suite, not before it: the suite keeps the two cores only half busy (it
# mostly waits on servers, page loads and child processes), and the check's ~20 s in front of it
# were wall time of their own. Its output comes after the suite's; either failing fails the target.
test: BUILD_FLAGS := --no-check
test: test-deps
	@check_log=$$(mktemp); { $(MAKE) --no-print-directory check >"$$check_log" 2>&1; } & check=$$!; \
	playwright test; tests=$$?; \
	wait $$check; checked=$$?; cat "$$check_log"; rm -f "$$check_log"; \
	if [ $$checked -ne 0 ]; then echo "make check failed (exit $$checked)"; exit $$checked; fi; exit $$tests

test-compat: test-deps
	node test/compat/run.mjs

demo: setup
	$(BU) demo

# Benchmarks print ratios measured side by side in one run; they never fail on timing.
# The heal corpus benchmark runs the real apps the test suite runs (DokuWiki, Adminer).
bench: setup bench-deps
	@for b in bench/*.bench.ts; do echo "== $$b"; tsx $$b || exit 1; done

capture: setup
	@test -n "$(URL)" || { echo "usage: make capture URL=http://... [MODE=explore|guided|run] [INTENT=...]"; exit 2; }
	$(BU) capture $(or $(MODE),explore) --url "$(URL)" $(if $(INTENT),$(if $(filter run,$(MODE)),--instruction,--intent) "$(INTENT)")

extract: setup
	@test -n "$(SESSION)" || { echo "usage: make extract SESSION=<id>"; exit 2; }
	$(BU) extract $(SESSION)

generate: setup
	@test -n "$(SESSION)" || { echo "usage: make generate SESSION=<id>"; exit 2; }
	$(BU) generate $(SESSION)

replay: setup
	@test -n "$(SESSION)" || { echo "usage: make replay SESSION=<id> [URL=...]"; exit 2; }
	$(BU) replay $(SESSION) $(if $(URL),--base-url "$(URL)")

report: setup
	@test -n "$(SESSION)" || { echo "usage: make report SESSION=<id>"; exit 2; }
	$(BU) report $(SESSION)

# The session-mode extension, unpacked in extension/dist/ (load it with "Load unpacked" in chrome://extensions).
extension: deps
	tsx extension/build.ts
