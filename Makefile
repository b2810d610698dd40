# DashPilot: the developer's entry points.
#
#   make deps       install the Debian packages the build needs (as root; else prints the command)
#   make build      debug build of everything
#   make test       the whole test suite (Swift Testing); what .ci/run calls
#   make test-slow  long runs: kill loops, big files, a year's workbook printed through LibreOffice
#   make deps-slow  what test-slow needs beyond deps (LibreOffice Calc, poppler-utils)
#   make fuzz       libFuzzer runs of every reader of outside text, FUZZ_SECONDS each (docs/fuzzing.md)
#   make demo       record a small week by hand into a fresh store under demo-output/ and print it
#   make bench      release-build benchmarks, printing figures and ratios (BENCH_ONLY=6: one group; BENCH_ONLY=11: scale)
#   make lint       swift format lint: fails on a kept rule's finding (docs/lint.md) or a cited file not here
#   make layers     fails when a layer above DashStore imports SQLiteKit (part of make test)
#   make man        write the manual page, generated from the command table, to build/dashpilot.1
#   make golden     rewrite Tests/Golden/* from the current output (review the diff!)
#   make sampledata rewrite SampleData/gpx/ (three weeks of shifts) with the seeded dashpilot-gpxgen
#   make clean

SHELL := /bin/bash
export PATH := $(PATH):/opt/swift/usr/bin
DEB_PACKAGES := libsqlite3-dev libxlsxwriter-dev libxml2-dev libssl-dev zlib1g-dev pkg-config sqlite3 python3-openpyxl
# test-slow prints a year's workbook through LibreOffice and counts its PDF's pages (WorkbookPagesSlowTests).
SLOW_DEB_PACKAGES := libreoffice-calc-nogui poppler-utils
SWIFT_BUILD_FLAGS ?=
# A target imports only what Package.swift lists for it: the layers stay as drawn there.
LAYER_CHECK := --explicit-target-dependency-import-check error

.PHONY: deps deps-slow build test test-slow fuzz demo bench lint golden clean layers man

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

deps-slow: deps
	@missing=""; for p in $(SLOW_DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then \
	  echo "installing:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	else \
	  echo "missing Debian packages:$$missing"; \
	  echo "run: sudo apt-get update && sudo apt-get install -y --no-install-recommends$$missing"; exit 1; \
	fi

build: deps
	swift build $(SWIFT_BUILD_FLAGS)

test: deps layers
	swift build --build-tests $(LAYER_CHECK) $(SWIFT_BUILD_FLAGS)
	swift test --skip-build $(LAYER_CHECK) $(SWIFT_BUILD_FLAGS)

test-slow: deps-slow
	swift build -c release --product dashpilot
	swift build -c release --product dashpilot-gpxgen
	DASHPILOT_SLOW_TESTS=1 DASHPILOT_BIN="$$(swift build -c release --show-bin-path)" swift test $(SWIFT_BUILD_FLAGS)

# SwiftPM's import check lets a target import what its dependencies depend on: SQLiteKit is
# reachable from DashIngest and DashCLI through DashStore, but only DashStore may use it
# (SQLite's faults reach the layers above as StoreFault).
layers:
	@bad="$$(grep -lE '^(@_exported )?import (SQLiteKit|CSQLite)$$' Sources/DashIngest/*.swift Sources/DashCLI/*.swift || true)"; \
	if [ -n "$$bad" ]; then echo "layers: SQLiteKit imported above DashStore in: $$bad"; exit 1; fi

# libFuzzer targets (Fuzz/, docs/fuzzing.md): Fuzz/build.sh compiles them with
# -sanitize=fuzzer,address into .build/fuzz/bin, Fuzz/run.sh runs each for FUZZ_SECONDS on a copy
# of its seeds in .build/fuzz/corpus and fails on any crash, leak or timeout.
# FUZZ_SECONDS=600 make fuzz: ten minutes each; make fuzz FUZZ_TARGETS=gpx: one target.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= csv statement amount time gpx template argv

fuzz: deps
	Fuzz/build.sh $(FUZZ_TARGETS)
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh $(FUZZ_TARGETS)

# The demo records a small week (Mon 2026-11-02 .. Sat 2026-11-07, Chicago time) by hand
# into demo-output/demo.sqlite, a store of its own: never the user's real store, then imports
# the generated GPX tracks of SampleData/gpx (each becomes a shift of its own).
DEMO_DIR := demo-output
DEMO = "$$bin" --store $(DEMO_DIR)/demo.sqlite --tz America/Chicago

demo: deps
	swift build $(SWIFT_BUILD_FLAGS) --product dashpilot
	@set -e; bin="$$(swift build $(SWIFT_BUILD_FLAGS) --show-bin-path)/dashpilot"; \
	rm -rf $(DEMO_DIR); mkdir -p $(DEMO_DIR)/exports; \
	echo "== recording a week into $(DEMO_DIR)/demo.sqlite (the vehicle's fuel default first: every shift made afterwards takes it)"; \
	$(DEMO) vehicle set --mpg 27.5 --price 3.459; $(DEMO) vehicle show; \
	$(DEMO) shift add --start 2026-11-02T10:30 --end 2026-11-02T14:15 --pause 12:05/12:25; \
	$(DEMO) shift earnings 1 68.40 --tips 21.75; \
	$(DEMO) shift fuel 1 --mpg 27.5 --price 3.459; \
	$(DEMO) shift add --start 2026-11-03T17:00 --end 2026-11-03T21:40; \
	$(DEMO) shift earnings 2 94.10 --tips 38.00; \
	$(DEMO) shift fuel 2 --mpg 27.5 --price 3.459; \
	$(DEMO) shift add --start 2026-11-05T11:00 --end 2026-11-05T15:30 --pause 13:00/13:20 --pause 14:10/14:20; \
	$(DEMO) shift earnings 3 0; \
	$(DEMO) shift add --start 2026-11-06T23:30 --end 2026-11-07T02:10; \
	$(DEMO) shift fuel 4 --mpg 26 --price 3.399; \
	echo "== the odometer readings of the hand-recorded shifts (no track: your miles count, and the mileage log shows them)"; \
	$(DEMO) shift miles 1 --odometer 48210.4 48252.0; $(DEMO) shift miles 2 --odometer 48252.0 48311.7; \
	$(DEMO) shift miles 3 --odometer 48311.7 48348.9; $(DEMO) shift miles 4 --miles 22.6; \
	$(DEMO) expense add --date 2026-11-03 --amount 41.27 --category fuel --note "full tank"; \
	$(DEMO) expense add --date 2026-11-04 --amount 6.00 --category parking; \
	$(DEMO) expense add --date 2026-11-06 --amount 0 --category phone --note "plan paid by employer"; \
	echo; echo "== importing the GPX tracks in SampleData/gpx"; \
	$(DEMO) import gpx SampleData/gpx/*.gpx; \
	echo; echo "== importing two overlapping weekly shift-log statements (the shared row counts once)"; \
	$(DEMO) import statement SampleData/statements/shift-log-*.csv --template shift-log; \
	echo; echo "== importing a delivery log (each row to the shift that holds it, with its own pay)"; \
	$(DEMO) import statement SampleData/statements/delivery-log-*.csv --template delivery-log; \
	echo; echo "== Uber: the payments report (money lines by trip; payouts and cash collected are not earnings)"; \
	$(DEMO) import statement SampleData/statements/uber-payments-2026-11-09.csv --template uber-payments; \
	echo; echo "== Uber: the trip activity report gives those trips their times (joined on Trip UUID)"; \
	$(DEMO) import statement SampleData/statements/uber-trips-2026-11-14.csv --template uber-trips; \
	echo; echo "== Uber: next week's payments: a late tip joins its trip, the shared line counts once, a quest is income on no shift"; \
	$(DEMO) import statement SampleData/statements/uber-payments-2026-11-16.csv --template uber-payments; \
	echo; echo "== the quest (25.00) and last week's support adjustment (5.00) are income on no shift: they reach gross receipts"; \
	$(DEMO) income list; $(DEMO) imports show 14; \
	echo; echo "== Uber personal data: lifetime trips (local times, a false Z) and signed payment lines, joined by request time (fees apart)"; \
	$(DEMO) import statement SampleData/statements/driver_lifetime_trips-0.csv --template uber-driver-trips; \
	$(DEMO) import statement SampleData/statements/driver_payments-0.csv --template uber-driver-payments; \
	echo; echo "== importing the expenses in SampleData/expenses"; \
	$(DEMO) import expenses SampleData/expenses/*.csv; \
	echo; echo "== importing them again: nothing is added"; \
	$(DEMO) import gpx SampleData/gpx/2026-11-05-dinner.gpx; \
	$(DEMO) import statement SampleData/statements/uber-payments-2026-11-*.csv --template uber-payments; \
	echo; echo "== a corrected statement for Sat 11-07 (DoorDash 30.60, not 28.60): refused, then taken with --replace"; \
	printf 'Date,Start,End,Platform,Earnings,Tips\n2026-11-07,17:05,18:25,DoorDash,30.60,\n' > $(DEMO_DIR)/corrected-2026-11-07.csv; \
	$(DEMO) import statement $(DEMO_DIR)/corrected-2026-11-07.csv --template shift-log || true; \
	$(DEMO) import statement $(DEMO_DIR)/corrected-2026-11-07.csv --template shift-log --replace; \
	$(DEMO) shift show 7; \
	echo; echo "== undoing the correction (import 20) brings the statement's 28.60 back"; \
	$(DEMO) imports undo 20 --dry-run; $(DEMO) imports undo 20; $(DEMO) shift show 7; \
	echo; echo "== dashpilot imports"; $(DEMO) imports; \
	echo; echo "== dashpilot store info"; $(DEMO) store info; \
	echo; echo "== dashpilot shifts"; $(DEMO) shifts; \
	echo; echo "== dashpilot expenses"; $(DEMO) expenses; \
	echo; echo "== dashpilot check"; $(DEMO) check; \
	echo; echo "== dashpilot report --range 2026-11 --period week (the sample weeks)"; \
	$(DEMO) report --range 2026-11 --period week; \
	echo; echo "== dashpilot report --range 2026-11 (the month)"; \
	$(DEMO) report --range 2026-11; \
	echo; echo "== the year's odometer (the actual method's business share) and an estimated-tax payment made in September"; \
	$(DEMO) vehicle odometer --year 2026 --start 41250.0 --end 48400.0; \
	$(DEMO) tax paid --date 2026-09-14 --amount 5.00; \
	echo; echo "== dashpilot tax --year 2026 --quarter TQ4 --income-tax-rate 12 (the fourth estimated-tax period, Sep-Dec: the year to date, due 2027-01-15)"; \
	$(DEMO) tax --year 2026 --quarter TQ4 --income-tax-rate 12; \
	echo; echo "== dashpilot tax reconcile --platform Uber --1099 119.82 --month 11=119.82 (the record against the form: trips 89.82, other income 30.00)"; \
	$(DEMO) tax reconcile --platform Uber --1099 119.82 --month 11=119.82; \
	echo; echo "== dashpilot export --range 2026-11 --format text --out - (the monthly summary, as cron would mail it)"; \
	$(DEMO) export --range 2026-11 --format text --out -; \
	echo; echo "== every export of November into $(DEMO_DIR)/exports"; \
	$(DEMO) export --range 2026-11 --period week --format csv --out $(DEMO_DIR)/exports/csv; \
	$(DEMO) export --range 2026-11 --period week --format xlsx --out $(DEMO_DIR)/exports/november.xlsx; \
	$(DEMO) export --range 2026-11 --format text --out $(DEMO_DIR)/exports/november.txt; \
	$(DEMO) export --range 2026-11 --format csv --out $(DEMO_DIR)/exports/mileage_log.csv; \
	ls -l $(DEMO_DIR)/exports $(DEMO_DIR)/exports/csv

# The benchmarks compare with GPSBabel and gpxpy on the same GPX files and with hledger on the
# same CSV (issue 18's floors): installed from Debian when running as root, skipped (and said so)
# otherwise. BENCH_ONLY=11 (or BENCH_SCALE=1 beside the rest): the five-year store, about 2.5 GB.
bench: deps
	@if [ "$$(id -u)" = 0 ]; then for p in gpsbabel python3-gpxpy hledger; do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$p >/dev/null; }; done; fi
	swift build -c release --product dashpilot-bench
	swift build -c release --product dashpilot
	swift build -c release --product dashpilot-gpxgen
	"$$(swift build -c release --show-bin-path)/dashpilot-bench"

# swift format lint with the rules of .swift-format (docs/lint.md): a finding of a kept rule fails
# the target; the pretty printer's layout findings (Indentation, AddLines, LineLength, Spacing,
# TrailingComma) are counted as advice, since its layout cannot be turned off rule by rule and
# the code is laid out by hand. A known-bad snippet is linted first, so a configuration that
# stops finding force unwraps fails too. Then: no comment may cite a product document the
# repository does not hold (the product documents named in LINT_ABSENT_DOCS).
LINT_ADVICE := Indentation|AddLines|LineLength|Spacing|TrailingComma
LINT_ABSENT_DOCS := DESIGN\.md|RELIABILITY\.md|FORMATS\.md|STYLE\.md|PERFORMANCE\.md

lint:
	@probe="$$(printf 'func f(a: Int?) -> Int {\n    let b = try! g()\n    return a! + b  \n}\n' \
	  | swift format lint --assume-filename Sources/Probe.swift 2>&1)"; \
	for rule in NeverForceUnwrap NeverUseForceTry TrailingWhitespace; do \
	  echo "$$probe" | grep -q "\[$$rule\]" || { echo "lint: .swift-format no longer finds $$rule"; exit 1; }; done
	@out="$$(swift format lint --recursive Sources Tests 2>&1)"; \
	echo "$$out" | grep -E 'warning: \[' | sed 's/.*\[\(.*\)\].*/\1/' | sort | uniq -c | sort -rn | sed 's/^/  findings: /'; \
	kept="$$(echo "$$out" | grep -E 'warning: \[' | grep -vE '\[($(LINT_ADVICE))\]' || true)"; \
	if [ -n "$$kept" ]; then echo "$$kept"; echo "lint: findings of the kept rules (.swift-format, docs/lint.md)"; exit 1; fi; \
	echo "lint: no finding of a kept rule (layout advice above is not enforced)"
	@cited="$$(grep -rnE '$(LINT_ABSENT_DOCS)' Sources Tests Templates Fuzz/targets Fuzz/*.sh Makefile Package.swift || true)"; \
	if [ -n "$$cited" ]; then echo "$$cited"; echo "lint: these cite a document the repository does not hold; cite docs/ (docs/facts.md)"; exit 1; fi; \
	echo "lint: every cited document is in the repository"

# The manual page comes from the same command table as --help (Sources/DashCLI/ManPage.swift).
man:
	swift build $(SWIFT_BUILD_FLAGS) --product dashpilot
	@mkdir -p build; "$$(swift build $(SWIFT_BUILD_FLAGS) --show-bin-path)/dashpilot" man > build/dashpilot.1; echo "wrote build/dashpilot.1"

golden:
	UPDATE_GOLDEN=1 swift test $(SWIFT_BUILD_FLAGS)

# The sample GPX shifts and their README.md come from the deterministic generator: rerunning
# this leaves git clean unless the generator changed.
.PHONY: sampledata
sampledata:
	swift build $(SWIFT_BUILD_FLAGS) --product dashpilot-gpxgen
	@set -e; bin="$$(swift build $(SWIFT_BUILD_FLAGS) --show-bin-path)/dashpilot-gpxgen"; \
	mkdir -p SampleData/gpx; rm -f SampleData/gpx/*.gpx; "$$bin" --out SampleData/gpx --weeks 3

clean:
	rm -rf .build demo-output
