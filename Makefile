# Thin calls of `bu` and of the test runner. `make setup` is a prerequisite of the others.
SHELL := /bin/bash
BU := node bin/bu.js
export PATH := $(CURDIR)/node_modules/.bin:$(PATH)

.PHONY: setup deps browser test-deps check test demo bench

setup: deps browser

# npm ci only when the lockfile changed since the last install.
deps: node_modules/.package-lock.json
node_modules/.package-lock.json: package-lock.json package.json
	npm ci --no-audit --no-fund
	@touch $@

# A Chromium: BU_BROWSER, else Playwright's, else a system one; installs one when none resolves.
browser: deps
	@if $(BU) doctor --browser >/dev/null 2>&1; then $(BU) doctor --browser; \
	elif npx playwright install chromium >/dev/null 2>&1 && $(BU) doctor --browser >/dev/null 2>&1; then $(BU) doctor --browser; \
	elif command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian's chromium with apt-get"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null && $(BU) doctor --browser; \
	else echo "no Chromium found: install Chromium or Chrome and set BU_BROWSER=/path/to/chromium"; exit 1; fi

# What the test suite needs beyond a browser: DokuWiki and PHP for the real-app tests.
test-deps: setup
	@if [ ! -d /usr/share/dokuwiki ] || ! command -v php >/dev/null 2>&1; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "installing DokuWiki and PHP with apt-get (real-app tests)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends dokuwiki php-cli php8.2-cgi >/dev/null; \
	  else echo "DokuWiki or PHP missing and no apt-get: the DokuWiki tests will be skipped"; fi; \
	fi

check: deps
	tsc --noEmit -p .
	oxlint --deny-warnings

test: test-deps check
	playwright test

demo: setup
	$(BU) demo
