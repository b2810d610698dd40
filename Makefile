# DashPilot: the developer's entry points.
#
#   make deps       install the Debian packages the build needs (as root; else prints the command)
#   make build      debug build of everything
#   make test       the whole test suite (Swift Testing); what .ci/run calls
#   make test-slow  long runs: kill loops, big files (grows with later issues)
#   make fuzz       fuzzing of the parsers (grows with later issues)
#   make demo       record a small week by hand into a fresh store under demo-output/ and print it
#   make bench      release-build benchmarks, printing figures and ratios
#   make lint       swift format lint over Sources and Tests
#   make golden     rewrite Tests/Golden/* from the current output (review the diff!)
#   make clean

SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
DEB_PACKAGES := libsqlite3-dev libxlsxwriter-dev pkg-config sqlite3
SWIFT_BUILD_FLAGS ?=

.PHONY: deps build test test-slow fuzz demo bench lint golden clean

deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "installing:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	else \
	  echo "missing Debian packages:$$missing"; \
	  echo "run: sudo apt-get update && sudo apt-get install -y$$missing"; exit 1; \
	fi

build: deps
	swift build $(SWIFT_BUILD_FLAGS)

test: deps
	swift build --build-tests $(SWIFT_BUILD_FLAGS)
	swift test --skip-build $(SWIFT_BUILD_FLAGS)

test-slow: deps
	DASHPILOT_SLOW_TESTS=1 swift test $(SWIFT_BUILD_FLAGS)

fuzz: deps
	@echo "fuzz: no parser takes outside input yet (GPX and CSV importers arrive with issues 3 and 4); nothing to fuzz"

demo: deps
	swift build $(SWIFT_BUILD_FLAGS)
	./Scripts/demo.sh "$$(swift build $(SWIFT_BUILD_FLAGS) --show-bin-path)/dashpilot"

bench: deps
	swift build -c release --product dashpilot-bench
	"$$(swift build -c release --show-bin-path)/dashpilot-bench"

lint:
	swift format lint --recursive Sources Tests

golden:
	UPDATE_GOLDEN=1 swift test $(SWIFT_BUILD_FLAGS)

clean:
	rm -rf .build demo-output
