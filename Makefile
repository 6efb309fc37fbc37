# ChainServer: `make run` serves the demo catalog, `make test` runs every test.
# Both install the Debian packages they need when missing (apt-get, as root or via sudo).

SWIFT ?= swift
PACKAGES := libmicrohttpd-dev libsqlite3-dev libvips-dev libraw-dev libpq-dev libexempi-dev pkg-config curl
DATA_DIR ?= ./data
# The PostgreSQL tests start a throwaway cluster from Debian's server (initdb, pg_ctl); the
# camera-file tests make JPEGs with EXIF (vips, exiftool) and DNGs (pidng from PyPI, in a venv
# under .build: FIXTURES_VENV, which the tests also make when missing).
TEST_PACKAGES := postgresql libvips-tools libimage-exiftool-perl python3-venv
FIXTURES_VENV := .build/fixtures-venv
# The browser suite: Debian's Chromium and its driver, selenium from PyPI in a venv under .build.
BROWSER_PACKAGES := chromium chromium-driver python3-venv
BROWSER_VENV := .build/browser-venv

.PHONY: deps test-deps browser-deps build run test test-browser check fuzz slow-clients schemathesis crash-test instances-test test-asan test-tsan bench bench-large bench-postgres bench-http bench-live bench-client bench-presence bench-thumbnails bench-import bench-culling bench-instructions clean

deps:
	@missing=""; \
	for package in $(PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product chain-server

run: build
	.build/release/chain-server --config config --data-dir $(DATA_DIR)

test-deps: deps
	@$(MAKE) --no-print-directory deps PACKAGES="$(TEST_PACKAGES)"
	@test -x $(FIXTURES_VENV)/bin/python || python3 -m venv $(FIXTURES_VENV)
	@$(FIXTURES_VENV)/bin/python -c "import pidng, numpy" 2>/dev/null || $(FIXTURES_VENV)/bin/pip install -q "pidng==4.0.9" numpy

browser-deps:
	@$(MAKE) --no-print-directory deps PACKAGES="$(BROWSER_PACKAGES)"
	@test -x $(BROWSER_VENV)/bin/python || python3 -m venv $(BROWSER_VENV)
	@$(BROWSER_VENV)/bin/python -c "import selenium" 2>/dev/null || $(BROWSER_VENV)/bin/pip install -q "selenium>=4.20,<5"

# The layering the module list promises (scripts/check-layers), the Swift Testing suites,
# then the web client in headless Chromium against a live server.
test: test-deps browser-deps
	scripts/check-layers
	$(SWIFT) build --build-tests
	SWIFT=$(SWIFT) scripts/swift-test --skip-build
	$(BROWSER_VENV)/bin/python Tests/Browser/web_client_test.py --binary .build/debug/chain-server

# The browser suite alone (after a build); failures leave screenshots in .build/browser-artifacts.
test-browser: browser-deps
	$(SWIFT) build --product chain-server
	$(BROWSER_VENV)/bin/python Tests/Browser/web_client_test.py --binary .build/debug/chain-server

# The heavier gates CI runs after `make test`: kill -9 under load (CRASH_ROUNDS), fuzzing
# (FUZZ_SECONDS per target), slow clients, schemathesis, and the tests under AddressSanitizer
# and ThreadSanitizer.
FUZZ_SECONDS ?= 60
CRASH_ROUNDS ?= 3
check: crash-test instances-test fuzz slow-clients schemathesis test-asan test-tsan

# Every Swift test under AddressSanitizer. Leak checking is off: at exit the server binary
# still holds its app object graph and libvips/glib's one-time allocations, which LeakSanitizer
# reports though nothing leaks while it runs. Tests/Sanitizers/asan.supp names the one
# suppression (a read past a buffer inside Foundation's Process.run).
test-asan: test-deps
	$(SWIFT) build --build-tests --sanitize=address --build-path .build/asan
	ASAN_OPTIONS=detect_leaks=0:suppressions=$(CURDIR)/Tests/Sanitizers/asan.supp SWIFT_BACKTRACE=enable=no SWIFT=$(SWIFT) scripts/swift-test --skip-build --sanitize=address --build-path .build/asan

# Every Swift test under ThreadSanitizer. -D CHAIN_TSAN makes ChainSupport's `Lock`, the one
# lock every module uses, a pthread_mutex_t (Sources/ChainSupport/Lock.swift), which
# ThreadSanitizer sees; the standard Mutex locks with atomics in the uninstrumented runtime.
test-tsan: test-deps
	$(SWIFT) build --build-tests --sanitize=thread --build-path .build/tsan -Xswiftc -DCHAIN_TSAN
	# ChainClient's live tests are left out here (they run in make test and under ASan): the
	# library and its test proxy guard state with Synchronization.Mutex, whose futex
	# ThreadSanitizer does not model (it reported the proxy's Mutex-guarded state as a race),
	# and their servers and URLSession streams beside the suite slowed its timing tests past
	# their bounds.
	TSAN_OPTIONS=halt_on_error=1 SWIFT_BACKTRACE=enable=no SWIFT=$(SWIFT) scripts/swift-test --skip-build --sanitize=thread --build-path .build/tsan --skip ChainClientTests
	scripts/tsan-proof $(SWIFT)

# kill -9 under concurrent writes, restart, compare every acknowledged write; integrity_check.
crash-test: build
	scripts/crash-test --binary .build/release/chain-server --rounds $(CRASH_ROUNDS)

# Two instances on one PostgreSQL: cross-instance propagation (printed), the database
# restarted under load and kill -9 of an instance under load, 20 rounds; fails on any
# acknowledged write lost or an instance that does not take writes again.
instances-test: build
	@$(MAKE) --no-print-directory deps PACKAGES="postgresql"
	scripts/bench-instances --binary .build/release/chain-server --rounds 20

# libFuzzer targets in Fuzz/ (JSON parser, identifiers, responder paths, target decoding).
fuzz: deps
	scripts/fuzz $(FUZZ_SECONDS)

# 1,000 slowloris and 100 slow-body connections from four loopback addresses while a normal
# client on a fifth is timed; fails past p99 50 ms, on any error, or on a connection kept too long.
slow-clients: build
	scripts/slow-clients --binary .build/release/chain-server

# schemathesis (PyPI, the version pinned in the script, in a venv under .build) against the
# release server's own /openapi.json with a live session's token and real ids: every operation,
# every check but one (the script says why), 200 fuzzed cases per operation that has inputs to
# vary, 0 failures.
schemathesis: build
	@$(MAKE) --no-print-directory deps PACKAGES="python3-venv"
	scripts/schemathesis --binary .build/release/chain-server

bench: deps
	$(SWIFT) build -c release --product chain-model-bench
	.build/release/chain-model-bench

# A million-image catalog: selectAll, 3 setRating over it, 3 undo; times, answer sizes, RSS.
bench-large: build
	scripts/bench-large-catalog --binary .build/release/chain-server

# chain-server on PostgreSQL beside SQLite: durable setRating throughput, and a whole-catalog
# setRating over a million images.
bench-postgres: build
	@$(MAKE) --no-print-directory deps PACKAGES="postgresql wrk"
	scripts/bench-postgres --binary .build/release/chain-server

# chain-server beside nginx serving the same menu bytes, measured by wrk in one run.
bench-http: build
	@$(MAKE) --no-print-directory deps PACKAGES="nginx wrk"
	scripts/bench-http --binary .build/release/chain-server

# 1,000 streaming sessions: menu fan-out latency and CPU; remote-handler round trip; RSS per stream.
bench-live: build
	scripts/bench-live --binary .build/release/chain-server

# Presence at 1,000 streaming sessions: server CPU while nobody moves, and while one session moves.
bench-presence: build
	scripts/bench-presence --binary .build/release/chain-server

# The remote-handler round trip through ChainClient (chain-autorate) beside examples/autorate.py.
bench-client: build
	$(SWIFT) build -c release --product chain-autorate
	scripts/bench-client --binary .build/release/chain-server --autorate .build/release/chain-autorate

# A 24-megapixel JPEG's thumbnail the first time and from the cache: server and client times.
bench-thumbnails: build
	@$(MAKE) --no-print-directory deps PACKAGES="libvips-tools"
	scripts/bench-thumbnails --binary .build/release/chain-server

# `chain-server import` of 6000 x 4000 JPEGs with EXIF and of DNGs, thumbnails included: files/s.
bench-import: build test-deps
	scripts/bench-import --binary .build/release/chain-server

# Key press to the next picture painted, in headless Chromium at 1920 x 1080, stepping with →
# at 2.5 keys/s through 6000 x 4000 JPEGs never shown before: p50, p95, max, the long edge.
bench-culling: build browser-deps
	@$(MAKE) --no-print-directory deps PACKAGES="libvips-tools"
	$(BROWSER_VENV)/bin/python scripts/bench-culling --binary .build/release/chain-server

# Instructions per request of two builds under callgrind (BASE=… CAND=… binaries): the one
# comparison this shared machine's noise does not move.
bench-instructions:
	@$(MAKE) --no-print-directory deps PACKAGES="valgrind"
	scripts/bench-instructions $(BASE) $(CAND) --case $(or $(CASE),menu)

clean:
	rm -rf .build
