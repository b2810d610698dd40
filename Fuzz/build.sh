#!/usr/bin/env bash
# Builds the libFuzzer targets into .build/fuzz/bin/fuzz-<target>.
#
#   Fuzz/build.sh                 every target
#   Fuzz/build.sh csv gpx         some targets
#
# DashModel and DashImport are compiled straight with swiftc (whole module, -O -g, with
# -sanitize=fuzzer,address so every branch is instrumented for libFuzzer and every memory access
# is checked by AddressSanitizer), DashImport with -enforce-exclusivity=unchecked as Package.swift
# has it and -enable-testing so an entry point may reach an internal knob. Each entry point in
# Fuzz/targets/ is then linked with them, Fuzz/targets/Common.swift and libxml2. Nothing under
# Sources/ is changed; objects are rebuilt only when a source is newer than them.
#
# Environment: FUZZ_BUILD_DIR (default .build/fuzz), FUZZ_OPT (default -O; -Onone for clearer
# stacks), SWIFTC (default swiftc, looked up in PATH and /opt/swift/usr/bin).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export PATH="$PATH:/opt/swift/usr/bin"
SWIFTC="${SWIFTC:-swiftc}"
OUT="${FUZZ_BUILD_DIR:-$ROOT/.build/fuzz}"
OPT="${FUZZ_OPT:--O}"
ALL_TARGETS=(csv statement amount time gpx template argv)
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=("${ALL_TARGETS[@]}")

# target name -> entry file
entry() {
  case "$1" in
    csv) echo Fuzz/targets/CSVFuzz.swift ;;
    statement) echo Fuzz/targets/StatementFuzz.swift ;;
    amount) echo Fuzz/targets/AmountFuzz.swift ;;
    time) echo Fuzz/targets/TimeFuzz.swift ;;
    gpx) echo Fuzz/targets/GPXFuzz.swift ;;
    template) echo Fuzz/targets/TemplateFuzz.swift ;;
    argv) echo Fuzz/targets/ArgvFuzz.swift ;;
    *) echo "unknown fuzz target '$1' (targets: ${ALL_TARGETS[*]})" >&2; return 1 ;;
  esac
}
for target in "${TARGETS[@]}"; do entry "$target" >/dev/null; done

XML_CFLAGS="$(pkg-config --cflags libxml-2.0 2>/dev/null || echo -I/usr/include/libxml2)"
XCC=()
for flag in $XML_CFLAGS; do XCC+=(-Xcc "$flag"); done
COMMON=(-swift-version 6 "$OPT" -g -sanitize=fuzzer,address -parse-as-library
        -module-cache-path "$OUT/module-cache" -I "$OUT/modules" -I Sources/CLibXML2 -I Sources/CCrypto -I Sources/CSQLite -I Sources/CStatFS -I Sources/CXLSXWriter "${XCC[@]}")
mkdir -p "$OUT/modules" "$OUT/obj" "$OUT/bin"

# True when $1 is missing or older than any of the other files.
stale() {
  local out="$1"; shift
  [ -e "$out" ] || return 0
  local input
  for input in "$@"; do [ "$input" -nt "$out" ] && return 0; done
  return 1
}

# module NAME EXTRA-FLAGS... -- SOURCES...
module() {
  local name="$1"; shift
  local flags=()
  while [ "$1" != "--" ]; do flags+=("$1"); shift; done
  shift
  local deps=("$@")
  [ "$name" = DashImport ] && deps+=("$OUT/obj/DashModel.o" "$OUT/obj/HeldFiles.o" Sources/CLibXML2/module.modulemap Sources/CLibXML2/shim.h Sources/CCrypto/module.modulemap Sources/CCrypto/shim.h)
  # The command line's modules depend on every object built before them.
  case "$name" in
    SQLiteKit) deps+=("$OUT/obj/HeldFiles.o" Sources/CSQLite/module.modulemap Sources/CSQLite/shim.h) ;;
    DashStore) deps+=("$OUT/obj/DashModel.o" "$OUT/obj/SQLiteKit.o") ;;
    DashReport) deps+=("$OUT/obj/DashModel.o") ;;
    DashExport) deps+=("$OUT/obj/DashReport.o" Sources/CXLSXWriter/module.modulemap Sources/CXLSXWriter/shim.h) ;;
    DashIngest) deps+=("$OUT/obj/DashStore.o" "$OUT/obj/DashImport.o") ;;
    DashCLI) deps+=("$OUT/obj/DashIngest.o" "$OUT/obj/DashExport.o") ;;
  esac
  if stale "$OUT/obj/$name.o" "${deps[@]}" "$0"; then
    echo "fuzz build: $name"
    "$SWIFTC" "${COMMON[@]}" "${flags[@]}" -wmo -module-name "$name" \
      -emit-module -emit-module-path "$OUT/modules/$name.swiftmodule" \
      -emit-object -o "$OUT/obj/$name.o" "$@"
  fi
}

module HeldFiles -- Sources/HeldFiles/*.swift
module DashModel -- Sources/DashModel/*.swift
module DashImport -enforce-exclusivity=unchecked -enable-testing -- Sources/DashImport/*.swift

# The argv target runs the whole command line in process: every library module, in
# dependency order, DashCLI with -enable-testing so the target reads its command table.
CLI_OBJECTS=()
if [[ " ${TARGETS[*]} " == *" argv "* ]]; then
  module SQLiteKit -- Sources/SQLiteKit/*.swift
  module DashStore -- Sources/DashStore/*.swift
  module DashReport -- Sources/DashReport/*.swift
  module DashExport -- Sources/DashExport/*.swift
  module DashIngest -- Sources/DashIngest/*.swift
  module DashCLI -enable-testing -- Sources/DashCLI/*.swift
  for name in SQLiteKit DashStore DashReport DashExport DashIngest DashCLI; do CLI_OBJECTS+=("$OUT/obj/$name.o"); done
fi

for target in "${TARGETS[@]}"; do
  src="$(entry "$target")"
  if [ "$target" = argv ]; then
    bin="$OUT/bin/fuzz-argv"
    if stale "$bin" "$src" Fuzz/targets/Common.swift "$OUT/obj/HeldFiles.o" "$OUT/obj/DashModel.o" "$OUT/obj/DashImport.o" "${CLI_OBJECTS[@]}" "$0"; then
      echo "fuzz build: fuzz-argv"
      "$SWIFTC" "${COMMON[@]}" -module-name Fuzz_argv "$src" Fuzz/targets/Common.swift \
        "$OUT/obj/HeldFiles.o" "$OUT/obj/DashModel.o" "$OUT/obj/DashImport.o" "${CLI_OBJECTS[@]}" -lxml2 -lcrypto -lsqlite3 -lxlsxwriter -lz -o "$bin" \
        2> >(grep -v "Cannot export local symbol" >&2)
    fi
    continue
  fi
  bin="$OUT/bin/fuzz-$target"
  if stale "$bin" "$src" Fuzz/targets/Common.swift "$OUT/obj/HeldFiles.o" "$OUT/obj/DashModel.o" "$OUT/obj/DashImport.o" "$0"; then
    echo "fuzz build: fuzz-$target"
    # ld.gold warns "Cannot export local symbol" for sanitizer symbols: harmless, filtered.
    "$SWIFTC" "${COMMON[@]}" -module-name "Fuzz_$target" "$src" Fuzz/targets/Common.swift \
      "$OUT/obj/HeldFiles.o" "$OUT/obj/DashModel.o" "$OUT/obj/DashImport.o" -lxml2 -lcrypto -o "$bin" \
      2> >(grep -v "Cannot export local symbol" >&2)
  fi
done
echo "fuzz build: ${TARGETS[*]} in $OUT/bin"
